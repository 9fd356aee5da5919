import CGtk
import Foundation
@_spi(Interop) import PoolTableGtk

// `pooltable-bench photos --image-nodes` (issue 37, drawing): what a frame of the Photos grid
// costs a renderer when its pictures are texture nodes, against cairo nodes that paint a cached
// cairo surface. GSK 4.8's cairo renderer turns a texture node into a new cairo surface every
// frame (gdk_texture_download_surface); a cairo node replays its recording instead. Both
// renderers (cairo, GL) are realized on one 800x600 window and render the same frames into
// textures (gsk_renderer_render_texture): 35 cells of 140x140, each a retained node (a rounded
// clip around its picture, 187x140 covering the cell, as decoded), re-appended every frame
// under a new translation as the shell does, scrolled 37 px a frame. Frame cost: wall time and
// the process's CPU time (every thread, llvmpipe's included: less sensitive to a loaded machine
// than wall time), medians of `frames` frames per kind, kinds alternated in rounds.

@MainActor
enum PhotosNodeBench {
    static func run(frames: Int, rounds: Int) {
        gtk_init()
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 800, 600)
        gtk_widget_realize(window)
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { Options.fail("no surface") }
        // The cairo renderer, and the one GTK picks for the window (GL here, unless GSK_RENDERER says otherwise).
        var renderers: [(String, OpaquePointer)] = []
        if let r = gsk_cairo_renderer_new() {
            var error: UnsafeMutablePointer<GError>?
            if gsk_renderer_realize(r, surface, &error) != 0 { renderers.append(("GskCairoRenderer", r)) }
            if let error { g_error_free(error) }
        }
        if let r = gsk_renderer_new_for_surface(surface) {
            let name = r.typeName
            if name != "GskCairoRenderer" { renderers.append((name, r)) } else { print("note: GTK picked the cairo renderer for the window; no GL row") }
        }
        // 35 pictures (7 rows of 5), each its own texture and cached cairo surface.
        let pictures = (0..<35).map { i -> (texture: OpaquePointer, surface: OpaquePointer) in
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 187, 140)!
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!, stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            for y in 0..<140 {
                for x in 0..<187 {
                    let p = pixels + y * stride + x * 4
                    p[0] = UInt8(truncatingIfNeeded: x &+ i &* 37); p[1] = UInt8(truncatingIfNeeded: y &* 2 &+ i); p[2] = UInt8(truncatingIfNeeded: (x ^ y) &+ i &* 11); p[3] = 255
                }
            }
            let texture = gdk_texture_new_for_pixbuf(pixbuf)!
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 187, 140)!
            cairo_surface_flush(s)
            gdk_texture_download(texture, cairo_image_surface_get_data(s), gsize(cairo_image_surface_get_stride(s)))
            cairo_surface_mark_dirty(s)
            return (texture, s)
        }
        /// One cell's retained node: a rounded clip around the picture, drawn as `kind`.
        func cellNode(_ i: Int, cairoNode: Bool) -> OpaquePointer {
            let snapshot = gtk_snapshot_new()!
            var clip = GskRoundedRect()
            var bounds = graphene_rect_t(origin: .init(x: 0, y: 0), size: .init(width: 140, height: 140))
            gsk_rounded_rect_init_from_rect(&clip, &bounds, 6)
            gtk_snapshot_push_rounded_clip(snapshot, &clip)
            var placed = graphene_rect_t(origin: .init(x: -23.5, y: 0), size: .init(width: 187, height: 140))
            if cairoNode {
                let cr = gtk_snapshot_append_cairo(snapshot, &placed)!
                cairo_translate(cr, -23.5, 0)
                cairo_set_source_surface(cr, pictures[i].surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_paint(cr)
                cairo_destroy(cr)
            } else {
                gtk_snapshot_append_texture(snapshot, pictures[i].texture, &placed)
            }
            gtk_snapshot_pop(snapshot)
            return gtk_snapshot_free_to_node(snapshot)!
        }
        var rows: [[String]] = []
        for (name, renderer) in renderers {
            var wall: [String: [Double]] = [:], cpu: [String: [Double]] = [:]
            var firstFrames: [String: [UInt8]] = [:]
            let kinds = ["texture", "cairo"]
            let cells = Dictionary(uniqueKeysWithValues: kinds.map { k in (k, (0..<35).map { cellNode($0, cairoNode: k == "cairo") }) })
            for round in 0..<rounds {
                for kind in (round % 2 == 0 ? kinds : kinds.reversed()) {
                    for frame in 0..<frames {
                        let offset = Double((frame * 37) % 174)
                        let snapshot = gtk_snapshot_new()!
                        var background = graphene_rect_t(origin: .init(x: 0, y: 0), size: .init(width: 800, height: 600))
                        var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
                        gtk_snapshot_append_color(snapshot, &white, &background)
                        for (i, node) in cells[kind]!.enumerated() {
                            gtk_snapshot_save(snapshot)
                            var at = graphene_point_t(x: Float(10 + (i % 5) * 158), y: Float(Double((i / 5) * 174) - offset))
                            gtk_snapshot_translate(snapshot, &at)
                            gtk_snapshot_append_node(snapshot, node)
                            gtk_snapshot_restore(snapshot)
                        }
                        let root = gtk_snapshot_free_to_node(snapshot)!
                        let w0 = MonotonicClock.seconds, c0 = processCPUSeconds()
                        var viewport = background
                        if let texture = gsk_renderer_render_texture(renderer, root, &viewport) {
                            if frame == 0 && round == 0 {
                                // The frame's pixels, to check that both kinds draw the same picture.
                                var bytes = [UInt8](repeating: 0, count: 800 * 600 * 4)
                                bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, 800 * 4) }
                                firstFrames[kind] = bytes
                            }
                            g_object_unref(UnsafeMutableRawPointer(texture))
                        }
                        let w1 = MonotonicClock.seconds, c1 = processCPUSeconds()
                        gsk_render_node_unref(root)
                        if frame >= 5 {   // the first frames fill the renderer's caches
                            wall[kind, default: []].append((w1 - w0) * 1000)
                            cpu[kind, default: []].append((c1 - c0) * 1000)
                        }
                    }
                }
            }
            for kind in kinds {
                rows.append([name, kind + " nodes", fmt(Stats.median(wall[kind]!), 3), fmt(Stats.percentile(wall[kind]!, 99), 3),
                             fmt(Stats.median(cpu[kind]!), 3), "\(wall[kind]!.count)"])
            }
            if let a = firstFrames["texture"], let b = firstFrames["cairo"] {
                let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 8 }.count
                print("note: \(name): the first frame's channels differing by more than 8 between the kinds: \(differing) of \(a.count)")
            }
            for list in cells.values { for n in list { gsk_render_node_unref(n) } }
            gsk_renderer_unrealize(renderer)
        }
        print(renderTable(header: ["renderer", "pictures as", "frame median (ms)", "frame p99 (ms)", "CPU median (ms)", "frames"],
                          rows: rows, rightAligned: [false, false, true, true, true, true]))
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
        print("35 retained cells of 140x140 with a 187x140 picture each, 800x600, 37 px a frame; load \(load)")
    }

    /// CPU time of the whole process (all its threads), in seconds.
    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
