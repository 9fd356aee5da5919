import CGtk
@_spi(Diagnostics) @_spi(Hosting) import PoolTable
import PoolTableDemoKit
@_spi(Hosting) @_spi(Interop) @testable import PoolTableGtk
import Testing

/// The shell's node cache on real frames: a cell's render node is recorded again exactly
/// when its content changed.
extension TableWidgetTests {
    /// Collects the keys the widget's node cache records while `body` runs and frames settle.
    func recorded(by widget: TableWidget, _ body: () -> Void) -> [ObjectIdentifier] {
        var keys: [ObjectIdentifier] = []
        widget.nodeCache.onRecord = { keys.append($0) }
        defer { widget.nodeCache.onRecord = nil }
        body()
        widget.queueDraw()
        GtkTestEnvironment.waitForFrame()
        return keys
    }

    func visibleCellKeys(_ table: TableView) -> Set<ObjectIdentifier> {
        Set(table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) }.map(ObjectIdentifier.init))
    }

    @Test("Render nodes: an unchanged frame records none, a scroll only the arriving cells, a reconfigure one, a theme change all")
    func renderNodesRebuiltOnlyOnChange() throws {
        let harness = try WindowHarness.open(rows: 2_000)
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        #expect(recorded(by: widget) {}.isEmpty)
        #expect(widget.nodeCache.nodeCount == visibleCellKeys(table).count + 1)     // cells + background

        for step in 1...8 {
            let before = visibleCellKeys(table)
            let keys = recorded(by: widget) { gtk_adjustment_set_value(harness.adjustment, Double(step) * 37) }
            #expect(Set(keys) == visibleCellKeys(table).subtracting(before), "step \(step)")
            #expect(keys.count == Set(keys).count)
        }
        #expect(widget.nodeCache.nodeCount == visibleCellKeys(table).count + 1)

        let ip = table.indexPathsForVisibleRows[2]
        #expect(recorded(by: widget) { table.reconfigureRows(at: [ip]) } == [ObjectIdentifier(table.cellForRow(at: ip)!)])
        #expect(recorded(by: widget) { table.selectRow(at: ip, animated: false, scrollPosition: .none) }.isEmpty)

        let settings = gtk_settings_get_default()!
        defer { GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: false) }
        let keys = recorded(by: widget) {
            GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: true)
            _ = GtkTestEnvironment.iterate(timeout: 20) { widget.theme.isDark }
        }
        #expect(Set(keys) == visibleCellKeys(table).union([ObjectIdentifier(table)]))
    }

    @Test("Render nodes: a progress tick re-records that one download's live layers (bar, byte count), on each frame of its ease")
    func progressTickRebuildsOneCell() throws {
        let harness = try WindowHarness.open(rows: 1)
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let store = DownloadStore(count: 500, seed: 4)
        let controller = DownloadsController(store: store)
        controller.attach(to: table)
        GtkTestEnvironment.waitForFrame()
        let row = 3, id = store.downloads[row].id
        let downloadCell = table.cellForRow(at: IndexPath(row: row, section: 0))!
        let cell = ObjectIdentifier(downloadCell)
        // Starting changes the state: the cell's own unit, its live layers and the status
        // text nested in one (its text changes); the name line is a nested unit that stays.
        let liveUnits = Set(downloadCell.liveLayers.map { downloadCell.cacheKey(of: $0) })
        let ownUnits = liveUnits.union([cell, ObjectIdentifier(downloadCell.detailCache)])
        #expect(Set(recorded(by: widget) { store.start(id) }) == ownUnits)
        // A tick moves the progress only: the bar and the byte count (live layers) are
        // recorded again, the cell's static part (name, button) is kept.
        let keys = recorded(by: widget) {
            store.tick(elapsed: 2)
            _ = GtkTestEnvironment.iterate(timeout: 20) { !table.hasRunningAnimations }
        }
        #expect(keys.contains(downloadCell.cacheKey(of: DownloadCell.progressLayer)))
        #expect(!keys.contains(cell), "the static part is kept")
        #expect(Set(keys).isSubset(of: liveUnits.union([ObjectIdentifier(downloadCell.detailCache)])), "only the ticking cell's live layers")
        #expect(!keys.contains(ObjectIdentifier(downloadCell.titleCache)))
        #expect(recorded(by: widget) {}.isEmpty)
    }

    @Test("Render nodes: a unit nested in another lives as long as its parent and is re-used when the parent re-records")
    func nestedUnits() throws {
        try GtkTestEnvironment.require()
        final class Identity {}
        let parent = Identity(), child = Identity()
        let cache = RenderNodeCache()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        var recorded: [ObjectIdentifier] = []
        cache.onRecord = { recorded.append($0) }
        func frame(_ parentVersion: Int, _ childVersion: Int) -> [ObjectIdentifier] {
            recorded = []
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, cache: cache)
            canvas.drawCached(key: ObjectIdentifier(parent), version: parentVersion, size: Size(width: 200, height: 20)) { canvas in
                canvas.drawCached(key: ObjectIdentifier(child), version: childVersion, size: Size(width: 100, height: 20)) { canvas in
                    canvas.drawText("label", in: Rect(x: 0, y: 0, width: 100, height: 20), style: TextStyle())
                }
                canvas.fill(Rect(x: 110, y: 8, width: Double(parentVersion), height: 4), color: .black)
            }
            canvas.finish()
            cache.endFrame()
            if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
            return recorded
        }
        #expect(frame(1, 1) == [ObjectIdentifier(child), ObjectIdentifier(parent)])     // inner units finish first
        #expect(frame(1, 1).isEmpty)
        #expect(frame(1, 1).isEmpty)                                  // the child survives frames where only its parent is re-used
        #expect(frame(2, 1) == [ObjectIdentifier(parent)])            // the bar moved: the label is re-used
        #expect(frame(3, 2) == [ObjectIdentifier(child), ObjectIdentifier(parent)])
        #expect(cache.nodeCount == 2)
    }

    @Test("Render nodes: a unit recorded again (a download ticked) reuses its path textures across frames that re-used its node")
    func pathTexturesLiveWithTheirUnit() throws {
        try GtkTestEnvironment.require()
        final class Identity {}
        let unit = Identity()
        let cache = RenderNodeCache()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        var check = Path()
        check.move(to: Point(x: 4, y: 10)); check.line(to: Point(x: 8, y: 14)); check.line(to: Point(x: 16, y: 5))
        func frame(_ version: Int, drawn: Bool = true) {
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, cache: cache)
            if drawn {
                canvas.drawCached(key: ObjectIdentifier(unit), version: version, size: Size(width: 200, height: 20)) { canvas in
                    canvas.stroke(check, color: .black, lineWidth: 2)
                    canvas.fill(Rect(x: 30, y: 8, width: Double(version), height: 4), color: .black)
                }
            }
            canvas.finish()
            cache.endFrame()
            if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
        }
        frame(1)
        #expect(cache.textureRasterizations == 1)
        frame(1); frame(1)                        // the node is re-used: its texture stays
        #expect(cache.textureCount == 1)
        frame(2)                                  // recorded again: the same texture, not a new one
        #expect(cache.textureRasterizations == 1)
        frame(2, drawn: false)                    // the unit is gone: so is its texture
        #expect(cache.textureCount == 0)
        #expect(cache.nodeCount == 0)
    }

    @Test("Render nodes: with the cairo renderer, units that do not change often are flattened into cairo nodes that draw the very same pixels")
    func flattenedUnitsDrawTheSamePixels() throws {
        try GtkTestEnvironment.require()
        final class Identity {}
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let units = (0..<6).map { _ in Identity() }
        var check = Path()
        check.move(to: Point(x: 15, y: 10)); check.line(to: Point(x: 18, y: 14)); check.line(to: Point(x: 23, y: 6))
        /// One frame of six units (a cell's checkbox, text, check mark, circle, bar; at
        /// fractional places) over an opaque background, drawn into an image at `scale`.
        func frame(_ cache: RenderNodeCache, scale: Double, barVersion: Int = 0, ticking: Bool = true, scrolled: Double = 0) -> CairoImage {
            let image = CairoImage(width: 240, height: 200, scale: scale)
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, pixelScale: scale, cache: cache)
            canvas.fill(Rect(x: 0, y: 0, width: 240, height: 200), color: Theme.light.background)
            for (i, unit) in units.enumerated() {
                canvas.save()
                canvas.translate(x: 3.25, y: Double(i) * 31.5 + 0.5 - scrolled)
                let bar = i == units.count - 1
                canvas.drawCached(key: ObjectIdentifier(unit), version: bar ? barVersion : 0, size: Size(width: 220, height: 30),
                                  changesOften: bar && ticking) { canvas in
                    if bar {
                        // Rounded clips stay plain nodes; the count beside the bar is flattened.
                        canvas.fillRoundedRect(Rect(x: 10, y: 13, width: 120, height: 4), radius: 2, color: Theme.light.separator)
                        canvas.fillRoundedRect(Rect(x: 10, y: 13, width: 40.3 + Double(barVersion), height: 4), radius: 2, color: Theme.light.accent)
                        canvas.drawText("\(40 + barVersion) %", in: Rect(x: 140, y: 6, width: 70, height: 20), style: TextStyle())
                        return
                    }
                    let box = Rect(x: 12, y: 7.5, width: 14, height: 14)
                    if i.isMultiple(of: 2) {
                        canvas.stroke(.roundedRect(box.insetBy(dx: 0.5, dy: 0.5), radius: 3), color: Theme.light.secondaryForeground, lineWidth: 1)
                    } else {
                        canvas.fillRoundedRect(box, radius: 3, color: Theme.light.accent)
                        canvas.stroke(check, color: Theme.light.accentForeground, lineWidth: 2)
                    }
                    canvas.stroke(.circle(center: Point(x: 200.5, y: 15), radius: 6), color: Theme.light.foreground, lineWidth: 1.5)
                    canvas.drawText("Row \(i) Åg fi", in: Rect(x: 36, y: 6, width: 150, height: 20), style: TextStyle())
                }
                canvas.restore()
            }
            canvas.finish()
            cache.endFrame()
            if let node = gtk_snapshot_free_to_node(snapshot) {
                gsk_render_node_draw(node, image.cairo)
                gsk_render_node_unref(node)
            }
            return image
        }
        let plain = RenderNodeCache(), flat = RenderNodeCache()
        flat.flattensSteadyUnits = true
        let expected = frame(plain, scale: 1)
        #expect(plain.flattenings == 0)
        // Units are flattened as they are recorded, except one that changes often (a
        // ticking bar, a live layer).
        #expect(frame(flat, scale: 1).differingPixels(from: expected) == 0)
        #expect(flat.flattenings == units.count - 1)
        #expect(frame(flat, scale: 1).differingPixels(from: expected) == 0, "kept")
        for version in 1...4 {
            #expect(frame(flat, scale: 1, barVersion: version).differingPixels(from: frame(plain, scale: 1, barVersion: version)) == 0)
        }
        #expect(flat.flattenings == units.count - 1)
        // Once it stops changing it is not swapped for a flattened node while it stays put
        // (that would repaint it)...
        _ = frame(flat, scale: 1, barVersion: 4, ticking: false)
        #expect(flat.flattenings == units.count - 1)
        // ...but when it moves (a scroll repaints it anyway).
        #expect(frame(flat, scale: 1, barVersion: 4, ticking: false, scrolled: 7)
            .differingPixels(from: frame(plain, scale: 1, barVersion: 4, ticking: false, scrolled: 7)) == 0)
        #expect(flat.flattenings == units.count)
        // At two device pixels a logical pixel nothing is flattened (a recording's
        // coordinates would be half as fine): the same pixels, plain nodes.
        let scaled = RenderNodeCache()
        scaled.flattensSteadyUnits = true
        #expect(frame(scaled, scale: 2).differingPixels(from: frame(plain, scale: 2)) == 0)
        #expect(scaled.flattenings == 0)
    }

    @Test("Render nodes: the Layouts grid's swatches and badges, flattened into rasters, draw plain nodes' pixels (but a pixel or two a level off where a badge's edge lies over its swatch); scrolled, the badges keep their rasters and the swatches are drawn plain, back to their rasters in their first frame at rest")
    func flattenedRastersScrollWithTheSamePixels() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        // Five columns of the gallery's pitch (156.8 pt, so cells sit at fractional x before
        // the canvas snaps them) and six rows of 120; a badge on each non-zero count.
        let cells = (0..<30).map { n -> SwatchCell in
            let cell = SwatchCell(reuseIdentifier: "swatch")
            let item = LayoutsController.swatch(n + 1_000)
            cell.title = item.title
            cell.color = Color(hex: item.rgb)
            return cell
        }
        let badges = (0..<30).map { n -> CountBadgeView in
            let badge = CountBadgeView(reuseIdentifier: "badge")
            badge.count = Int(LayoutsController.swatch(n + 1_000).detail ?? "") ?? 0
            return badge
        }
        /// One frame scrolled up by `scrolled` points, drawn as the grid draws it (each cell's
        /// and badge's content a kept unit) over an opaque background.
        func frame(_ cache: RenderNodeCache, scrolled: Double, scrolls: Bool = false) -> CairoImage {
            let image = CairoImage(width: 800, height: 560)
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            cache.frameScrolls = scrolls
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, pixelScale: 1, cache: cache,
                                        fillsRoundedRectsAsBorders: true)
            canvas.fill(Rect(x: 0, y: 0, width: 800, height: 560), color: Theme.light.background)
            for (n, cell) in cells.enumerated() {
                let x = 8 + Double(n % 5) * 156.8 + 8, y = 8 + Double(n / 5) * 120 + 10 - scrolled
                let size = Size(width: 140.8, height: 104)
                canvas.save()
                canvas.translate(x: x, y: y)
                canvas.drawCached(key: ObjectIdentifier(cell), version: 0, size: size) { canvas in
                    cell.drawContent(in: canvas, bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
                }
                canvas.restore()
                canvas.save()
                canvas.translate(x: x + size.width - 11, y: y - 11)
                canvas.drawCached(key: ObjectIdentifier(badges[n]), version: 0, size: Size(width: 22, height: 22)) { canvas in
                    badges[n].draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 22, height: 22))
                }
                canvas.restore()
            }
            canvas.finish()
            cache.endFrame()
            if let node = gtk_snapshot_free_to_node(snapshot) {
                gsk_render_node_draw(node, image.cairo)
                gsk_render_node_unref(node)
            }
            return image
        }
        /// Pixels that differ, and the largest difference in any channel.
        func difference(_ a: CairoImage, _ b: CairoImage) -> (pixels: Int, channel: Int) {
            let pixels = a.differingPixels(from: b)
            guard pixels > 0, pixels <= 3 else { return (pixels, pixels == 0 ? 0 : 255) }
            var worst = 0
            for y in 0..<a.pixelHeight {
                for x in 0..<a.pixelWidth {
                    let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                    worst = max(worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                                abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                }
            }
            return (pixels, worst)
        }
        // A flattened unit is composited over what is under it; GSK draws a plain shape's
        // antialiased edge straight onto it. Where a badge's edge lies over its swatch (not
        // over the plain background) the two round differently in a pixel or two of the
        // frame, by one level of one channel: the same with the recordings flattened before
        // the rasters. A raster drawn wrong (shifted, stale, clipped) differs in thousands.
        let plain = RenderNodeCache(), flat = RenderNodeCache()
        flat.flattensSteadyUnits = true
        let first = difference(frame(flat, scrolled: 0), frame(plain, scrolled: 0))
        #expect(first.pixels <= 3 && first.channel <= 1)
        let recorded = flat.recordings
        let flattened = flat.flattenings
        #expect(flattened >= 50)
        #expect(flat.plainWhileMoving == 0)
        // Scrolled by 37 px a frame (and by one pixel): every unit is kept. Each frame
        // composites the badges' rasters made for the first one at their new places; the
        // swatches (14.6 k px, over `FlattenedNode.maximumAreaMovedAsRaster`) go back to
        // their plain nodes as they first move, which GSK's cairo renderer draws for less
        // inside a scroll's damage.
        for step in [37.0, 74, 75, 112, 149, 186] {
            let moved = difference(frame(flat, scrolled: step), frame(plain, scrolled: step))
            #expect(moved.pixels <= 3 && moved.channel <= 1, "scrolled \(step)")
        }
        #expect(flat.recordings == recorded)
        #expect(flat.plainWhileMoving == cells.count)
        #expect(flat.rasterizedAtRest == 0)
        // Their first frame at rest switches them back to the rasters kept from the first
        // frame (nothing flattened again), once: later frames at rest swap nothing.
        for rest in 0..<3 {
            let still = difference(frame(flat, scrolled: 186), frame(plain, scrolled: 186))
            #expect(still.pixels <= 3 && still.channel <= 1, "frame \(rest) at rest")
            #expect(flat.rasterizedAtRest == cells.count, "frame \(rest) at rest")
        }
        #expect(flat.flattenings == flattened && flat.plainWhileMoving == cells.count && flat.recordings == recorded)
        // Moved again, they are drawn plain again, and back to their rasters when they stop.
        #expect(difference(frame(flat, scrolled: 223), frame(plain, scrolled: 223)).pixels <= 3)
        #expect(flat.plainWhileMoving == 2 * cells.count && flat.rasterizedAtRest == cells.count)
        #expect(difference(frame(flat, scrolled: 223), frame(plain, scrolled: 223)).pixels <= 3)
        #expect(flat.rasterizedAtRest == 2 * cells.count && flat.flattenings == flattened)
        // Recorded in a frame that scrolls, the swatches are left plain from the start and
        // the badges flattened; their first frame at rest flattens them, once.
        let scrolling = RenderNodeCache()
        scrolling.flattensSteadyUnits = true
        let arriving = difference(frame(scrolling, scrolled: 37, scrolls: true), frame(plain, scrolled: 37))
        #expect(arriving.pixels <= 3 && arriving.channel <= 1)
        #expect(scrolling.flattenings == flattened - cells.count && scrolling.rasterizedAtRest == 0)
        for rest in 0..<2 {
            let still = difference(frame(scrolling, scrolled: 37), frame(plain, scrolled: 37))
            #expect(still.pixels <= 3 && still.channel <= 1, "frame \(rest) at rest")
            #expect(scrolling.flattenings == flattened && scrolling.rasterizedAtRest == cells.count, "frame \(rest) at rest")
        }
    }

    @Test("Render nodes: the Downloads screen's rows draw the same pixels flattened as plain nodes")
    func flattenedDownloadsDrawTheSamePixels() throws {
        let harness = try WindowHarness.open(rows: 1)
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let store = DownloadStore(count: 500, seed: 4)
        let controller = DownloadsController(store: store)
        controller.attach(to: table)
        for row in [1, 3, 6] { store.start(store.downloads[row].id) }
        store.tick(elapsed: 3)
        _ = GtkTestEnvironment.iterate(timeout: 20) { !table.hasRunningAnimations }
        GtkTestEnvironment.waitForFrame()
        widget.flattensSteadyUnits = false
        let plain = widget.renderToImage(), plainScaled = widget.renderToImage(scale: 2)
        let before = widget.nodeCache.flattenings
        widget.flattensSteadyUnits = true
        let flat = widget.renderToImage()
        widget.nodeCache.removeAll()   // new units are steady: flattened as they are recorded
        let flatScaled = widget.renderToImage(scale: 2)
        #expect(widget.nodeCache.flattenings > before + 5)
        #expect(flat.differingPixels(from: plain) == 0)
        #expect(flatScaled.differingPixels(from: plainScaled) == 0)
    }

    @Test("Render nodes: the scrolled content is one transform node over its units placed in content coordinates: a scroll re-appends every kept unit's placed node and makes one new transform node, and draws the pixels a plain translate draws (fractional places, scale 1 and 2, across the group's re-placing)")
    func scrolledContentKeepsPlacedNodes() throws {
        try GtkTestEnvironment.require()
        final class Identity {}
        let units = (0..<30).map { _ in Identity() }
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        /// A frame as `ListBase.render` draws a grid: the viewport clipped, the content
        /// translated by the scroll (through `translateScrolledContent`, or a plain translate),
        /// each cell translated to its fractional frame, clipped to it, its content a kept unit.
        func frame(_ cache: RenderNodeCache, offset: Double, scale: Double, scrolled: Bool) -> (node: OpaquePointer, image: CairoImage) {
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, pixelScale: scale, cache: cache,
                                        fillsRoundedRectsAsBorders: true)
            canvas.fill(Rect(x: 0, y: 0, width: 800, height: 560), color: Theme.light.background)
            canvas.save()
            canvas.clip(to: Rect(x: 0, y: 40, width: 800, height: 520))
            if scrolled {
                canvas.translateScrolledContent(x: 0, y: 40 - offset)
            } else {
                canvas.translate(x: 0, y: 40 - offset)
            }
            for (n, unit) in units.enumerated() {
                let f = Rect(x: 8 + Double(n % 5) * 156.8 + 8, y: 2_000 + Double(n / 5) * 120.5 + 10, width: 140.8, height: 104)
                canvas.save()
                canvas.translate(x: f.minX, y: f.minY)
                canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
                canvas.drawCached(key: ObjectIdentifier(unit), version: 0, size: f.size) { canvas in
                    canvas.fill(.roundedRect(Rect(x: 0, y: 0, width: f.width, height: 80), radius: 8), color: Color(hex: 0x3584E4))
                    canvas.drawText("Blue \(n)", in: Rect(x: 0, y: 84, width: f.width, height: 20), style: TextStyle(alignment: .center))
                }
                canvas.restore()
            }
            canvas.fill(.roundedRect(Rect(x: 20, y: 2_010, width: 40, height: 40), radius: 6), color: .black)   // drawn directly
            canvas.restore()
            canvas.finish()
            cache.endFrame()
            return renderedFrame(snapshot, width: 800, height: 560, scale: scale)
        }
        func transformNodes(in node: OpaquePointer) -> Set<OpaquePointer> {
            var found: Set<OpaquePointer> = []
            func walk(_ node: OpaquePointer) {
                switch gsk_render_node_get_node_type(node) {
                case GSK_CONTAINER_NODE: for i in 0..<gsk_container_node_get_n_children(node) { walk(gsk_container_node_get_child(node, i)) }
                case GSK_TRANSFORM_NODE: found.insert(node); walk(gsk_transform_node_get_child(node))
                case GSK_CLIP_NODE: walk(gsk_clip_node_get_child(node))
                default: break
                }
            }
            walk(node)
            return found
        }
        for scale in [1.0, 2.0] {
            let grouped = RenderNodeCache(), plain = RenderNodeCache()
            var last: (node: OpaquePointer, image: CairoImage)?
            for offset in [1_990.0, 1_990, 1_991, 2_028, 2_065, 2_065, 2_102] {
                let a = frame(grouped, offset: offset, scale: scale, scrolled: true)
                let b = frame(plain, offset: offset, scale: scale, scrolled: false)
                defer { gsk_render_node_unref(b.node) }
                #expect(a.image.differingPixels(from: b.image) == 0, "scale \(scale), offset \(offset)")
                #expect(a.image.pixel(x: Int(90 * scale), y: Int((2_190 - offset) * scale)).blue > 200, "the second row is drawn")
                if let previous = last {
                    // Each kept unit is re-appended as the very placed node it was: only the group's
                    // transform is new, but in the frame whose scroll re-places the group (its
                    // translation, 40 - offset, crosses -2,048 between 2,065 and 2,102).
                    let new = transformNodes(in: a.node).subtracting(transformNodes(in: previous.node))
                    let crossing = offset == 2_102
                    #expect(new.count == (crossing ? units.count + 1 : 1), "scale \(scale), offset \(offset): \(new.count) new transform nodes")
                    gsk_render_node_unref(previous.node)
                }
                last = a
            }
            if let last { gsk_render_node_unref(last.node) }
            #expect(grouped.recordings == units.count)
        }
    }

    @Test("Render nodes: the Layouts grid's opaque pinned header is drawn apart from the scrolled content, the very same node in the same place in every scrolled frame, and the content's group is clipped to leave it out; the frame is the same pixels as with the header drawn in the content (scale 1 and 2, fractional offsets, a half-pixel one, across the group's re-placing)")
    func pinnedHeaderApartFromScrolledContent() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let source = SwatchGridSource(count: 10_000)
        let view = SwatchGridSource.makeView(frame: Rect(x: 0, y: 0, width: 800, height: 560), source: source)
        /// One frame as `TableWidget` draws it, the header apart (on the canvas itself), or in
        /// the content as before (through a retaining canvas that knows nothing of pinned
        /// headers: the protocol's defaults).
        func frame(_ cache: RenderNodeCache, scale: Double, apart: Bool) -> (node: OpaquePointer, image: CairoImage) {
            let snapshot = gtk_snapshot_new()!
            cache.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, pixelScale: scale, cache: cache,
                                        fillsRoundedRectsAsBorders: true)
            view.render(in: apart ? canvas : ContentOnlyCanvas(canvas))
            canvas.finish()
            cache.endFrame()
            return renderedFrame(snapshot, width: 800, height: 560, scale: scale)
        }
        /// The clip node around the scrolled content's group (a clip whose child is a transform
        /// node), its rectangle, and the other nodes beside it.
        func groupClip(in node: OpaquePointer) -> (rect: Rect, beside: [OpaquePointer])? {
            func isGroupClip(_ n: OpaquePointer) -> Bool {
                gsk_render_node_get_node_type(n) == GSK_CLIP_NODE
                    && gsk_render_node_get_node_type(gsk_clip_node_get_child(n)) == GSK_TRANSFORM_NODE
            }
            func rect(_ n: OpaquePointer) -> Rect {
                let r = gsk_clip_node_get_clip(n)!.pointee
                return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
            }
            func walk(_ n: OpaquePointer) -> (rect: Rect, beside: [OpaquePointer])? {
                switch gsk_render_node_get_node_type(n) {
                case GSK_CONTAINER_NODE:
                    let children = (0..<gsk_container_node_get_n_children(n)).compactMap { gsk_container_node_get_child(n, $0) }
                    if let group = children.first(where: isGroupClip), rect(group) != Rect(x: 0, y: 0, width: 800, height: 560) {
                        return (rect(group), children.filter { $0 != group })
                    }
                    for child in children { if let found = walk(child) { return found } }
                    return nil
                case GSK_CLIP_NODE:
                    if isGroupClip(n), rect(n) != Rect(x: 0, y: 0, width: 800, height: 560) { return (rect(n), []) }
                    return walk(gsk_clip_node_get_child(n))
                default: return nil
                }
            }
            return walk(node)
        }
        func bounds(_ n: OpaquePointer) -> Rect {
            var r = graphene_rect_t()
            gsk_render_node_get_bounds(n, &r)
            return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
        }
        /// Pixels of the header's rows (the top 40 points) that differ between two frames.
        func headerRowsDiffer(_ a: CairoImage, _ b: CairoImage) -> Int {
            var n = 0
            for y in 0..<Int(40 * a.scale) {
                for x in 0..<a.pixelWidth where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 }
            }
            return n
        }
        for scale in [1.0, 2.0] {
            let apartCache = RenderNodeCache(), contentCache = RenderNodeCache()
            var last: (node: OpaquePointer, image: CairoImage, header: OpaquePointer?)?
            // 1,185.5 is half a pixel at scale 1: the canvas's two snapped translations put the
            // header a pixel up (as they did in the content); 2,990 crosses the group's re-placing.
            for offset in [1_000.0, 1_037, 1_074, 1_074, 1_111.3, 1_148.7, 1_185.5, 1_222, 2_990] {
                view.contentOffset = Point(x: 0, y: offset)
                let a = frame(apartCache, scale: scale, apart: true)
                let b = frame(contentCache, scale: scale, apart: false)
                defer { gsk_render_node_unref(b.node) }
                #expect(a.image.differingPixels(from: b.image) == 0, "scale \(scale), offset \(offset)")
                #expect(groupClip(in: b.node) == nil, "before: the header is drawn in the content")
                let half = offset == 1_185.5 && scale == 1
                let group = try #require(groupClip(in: a.node), "scale \(scale), offset \(offset)")
                #expect(group.rect == Rect(x: 0, y: half ? 39 : 40, width: 800, height: half ? 521 : 520), "scale \(scale), offset \(offset)")
                #expect(group.beside.count == 1)
                let header = group.beside.first
                #expect(header.map(bounds) == Rect(x: 8, y: half ? -1 : 0, width: 784, height: 40), "scale \(scale), offset \(offset)")
                if let previous = last {
                    if !half && previous.header.map(bounds)?.minY == 0 {
                        #expect(header == previous.header, "scale \(scale), offset \(offset): the header's node is kept")
                    }
                    if !half && offset != 1_222 { #expect(headerRowsDiffer(a.image, previous.image) == 0, "scale \(scale), offset \(offset)") }
                    gsk_render_node_unref(previous.node)
                }
                last = (a.node, a.image, header)
            }
            if let last { gsk_render_node_unref(last.node) }
        }
    }

    /// How many nodes of `type` `node`'s tree holds (through containers, transforms, clips).
    func nodeCount(_ type: GskRenderNodeType, in node: OpaquePointer) -> Int {
        let kind = gsk_render_node_get_node_type(node)
        var children: [OpaquePointer] = []
        switch kind {
        case GSK_CONTAINER_NODE: children = (0..<gsk_container_node_get_n_children(node)).compactMap { gsk_container_node_get_child(node, $0) }
        case GSK_TRANSFORM_NODE: children = [gsk_transform_node_get_child(node)].compactMap { $0 }
        case GSK_CLIP_NODE: children = [gsk_clip_node_get_child(node)].compactMap { $0 }
        case GSK_ROUNDED_CLIP_NODE: children = [gsk_rounded_clip_node_get_child(node)].compactMap { $0 }
        case GSK_OPACITY_NODE: children = [gsk_opacity_node_get_child(node)].compactMap { $0 }
        default: break
        }
        return (kind == type ? 1 : 0) + children.reduce(0) { $0 + nodeCount(type, in: $1) }
    }

    @Test("Render nodes: a kept unit inside the clip around it goes in without a clip node and one reaching outside is cut; a rounded fill as a border node draws the same pixels as a colour in a rounded clip")
    func clipsOnlyWhatTheyCut() throws {
        try GtkTestEnvironment.require()
        final class Identity {}
        let inside = Identity(), outside = Identity()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        /// Two cells as `ListBase.drawCell` draws them (translated, clipped to their frame, the
        /// content a kept unit): a swatch with a caption inside its frame, and a bar reaching
        /// 10 points out of its frame on both sides.
        func scene(cache: RenderNodeCache?, borders: Bool) -> (clips: Int, roundedClips: Int, image: CairoImage) {
            let snapshot = gtk_snapshot_new()!
            cache?.beginFrame()
            let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: context, theme: .light, cache: cache,
                                        fillsRoundedRectsAsBorders: borders)
            canvas.save()
            canvas.clip(to: Rect(x: 0, y: 0, width: 420, height: 110))
            canvas.translate(x: 0, y: -7)
            canvas.save()
            canvas.translate(x: 171, y: 20)
            canvas.clip(to: Rect(x: 0, y: 0, width: 138.8, height: 104))
            canvas.drawCached(key: ObjectIdentifier(inside), version: 1, size: Size(width: 138.8, height: 104)) { canvas in
                canvas.fill(.roundedRect(Rect(x: 0, y: 0, width: 138.8, height: 80), radius: 8), color: Color(hex: 0x3584E4))
                canvas.fill(.circle(center: Point(x: 127.8, y: 11), radius: 11), color: Color(hex: 0xE01B24))
                canvas.drawText("Blue 1 · 7", in: Rect(x: 0, y: 84, width: 138.8, height: 20), style: TextStyle(alignment: .center))
            }
            canvas.restore()
            canvas.save()
            canvas.translate(x: 340, y: 20)
            canvas.clip(to: Rect(x: 0, y: 0, width: 60, height: 50))
            canvas.drawCached(key: ObjectIdentifier(outside), version: 1, size: Size(width: 60, height: 50)) { canvas in
                canvas.fill(Rect(x: -10, y: 10, width: 80, height: 20), color: .black)
            }
            canvas.restore()
            canvas.restore()
            canvas.finish()
            cache?.endFrame()
            let image = CairoImage(width: 420, height: 120)
            guard let node = gtk_snapshot_free_to_node(snapshot) else { return (0, 0, image) }
            defer { gsk_render_node_unref(node) }
            gsk_render_node_draw(node, image.cairo)
            return (nodeCount(GSK_CLIP_NODE, in: node), nodeCount(GSK_ROUNDED_CLIP_NODE, in: node), image)
        }
        let kept = scene(cache: RenderNodeCache(), borders: false)
        let direct = scene(cache: nil, borders: false)
        let bordered = scene(cache: RenderNodeCache(), borders: true)
        // The outer clip cuts the caption, the bar's clip the bar; the swatch's cell's cuts
        // nothing (GtkSnapshot drops a clip around a child inside it, but 171 + 138.8 in
        // single precision lies outside 309.8).
        #expect(kept.clips == 2)
        #expect(direct.clips == 3, "drawn directly, every clip is pushed")
        #expect(kept.image.differingPixels(from: direct.image) == 0)
        // The bar is cut at its cell's frame: nothing 5 points left or right of it.
        #expect(kept.image.pixel(x: 335, y: 30).alpha == 0 && kept.image.pixel(x: 405, y: 30).alpha == 0)
        #expect(kept.image.pixel(x: 345, y: 30).alpha == 255)
        #expect(kept.roundedClips == 2 && bordered.roundedClips == 0)
        #expect(bordered.image.differingPixels(from: kept.image) == 0)
        #expect(kept.image.pixel(x: 240, y: 50).blue > 200, "the swatch is drawn")
        #expect(kept.image.pixel(x: 240, y: 112).alpha == 0, "the outer clip cuts the caption")
    }
}

/// A `SnapshotCanvas` seen through a retaining canvas that keeps its units and its scrolled
/// content's group but knows nothing of pinned headers (the protocol's defaults): the frame
/// as it was drawn before they were drawn apart.
@MainActor
final class ContentOnlyCanvas: RetainingCanvas, ForwardingCanvas {
    let canvas: SnapshotCanvas
    init(_ canvas: SnapshotCanvas) { self.canvas = canvas }
    var base: Canvas { canvas }
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, changesOften: Bool, _ draw: (Canvas) -> Void) {
        canvas.drawCached(key: key, version: version, size: size, changesOften: changesOften, draw)
    }
    func translateScrolledContent(x: Double, y: Double) { canvas.translateScrolledContent(x: x, y: y) }
}

/// The node a frame's snapshot made, and its pixels drawn by GSK's cairo path at `scale`.
@MainActor
func renderedFrame(_ snapshot: OpaquePointer, width: Int, height: Int, scale: Double) -> (node: OpaquePointer, image: CairoImage) {
    let node = gtk_snapshot_free_to_node(snapshot)!
    let image = CairoImage(width: width, height: height, scale: scale)
    gsk_render_node_draw(node, image.cairo)
    return (node, image)
}
