import CGtk
import PoolTable

/// What a `TableWidget` keeps between frames as GSK render nodes (see `SnapshotCanvas`):
///
/// - each `Canvas.drawCached` unit's recorded node (a cell's content, the view's
///   background), kept while the unit's key, version, size and pixel scale stay the same.
///   Re-appending the very same node each frame lets GTK's node diff skip it, so a frame
///   where one cell changed repaints that cell only;
/// - small textures for paths that are not rectangles (check marks, chevrons, icons),
///   shared by every unit that draws the same path at the same sub-pixel position.
///
/// Both live while drawn: `endFrame()` forgets what the frame did not draw, so the cache
/// holds at most one frame's units (the visible cells, and units nested in them, which live
/// as long as their parent) and the textures they used, and a recycled cell's old node
/// goes with the frame that stopped drawing it. `removeAll()`
/// drops everything (theme, fonts, scale factor or text direction changed).
public final class RenderNodeCache {
    /// Unit recordings (cache misses) since the cache was made.
    public private(set) var recordings = 0
    /// Path textures rasterised (texture cache misses) since the cache was made.
    public private(set) var textureRasterizations = 0
    /// The keys recorded in the last finished frame, in drawing order.
    public private(set) var keysRecordedInLastFrame: [ObjectIdentifier] = []
    /// Called with a unit's key each time it is recorded (diagnostics, tests).
    public var onRecord: ((ObjectIdentifier) -> Void)?
    /// Units held now.
    public var nodeCount: Int { entries.count }
    /// Path textures held now.
    public var textureCount: Int { textures.count }

    /// A kept unit (a class: looked up once a frame and updated in place).
    private final class Entry {
        var version: Int
        var size: Size
        var scale: Double
        /// Owned reference; nil when the unit drew nothing.
        var node: OpaquePointer?
        /// The last frame that drew the unit.
        var frame: Int
        /// Where the unit was drawn last (the snapshot's coordinates of its origin).
        var origin: Point
        /// `node` is the recording flattened into cairo nodes (`FlattenedNode`); or it may be
        /// (a top-level unit whose tree is worth it), once it is drawn somewhere else.
        var isFlattened = false
        var canFlatten = false
        /// A large unit's recording (owned), kept beside its flattened node: drawn instead
        /// of it while the unit moves (`FlattenedNode.drawsPlainWhileMoving`). Nil for the rest.
        var plain: OpaquePointer?
        /// A large unit's flattened node (owned), kept while its recording is drawn, for the
        /// first frame it is at rest again. Nil until flattened, and for the rest.
        var raster: OpaquePointer?
        /// Units recorded into this one's node (nested `drawCached` calls): kept while it is.
        var children: [Entry] = []
        /// Path textures recorded into this one's node: kept while it is, so that when the
        /// unit is recorded again (a download ticked) the same path at the same sub-pixel
        /// position gets the very same texture. A new one each time would be rasterised
        /// again, and GTK's GL renderer would give every new texture a new slot in its
        /// icon atlas (holding a reference until the atlas is compacted).
        var textures: [TextureKey] = []

        init(version: Int, size: Size, scale: Double, frame: Int, origin: Point) {
            self.version = version
            self.size = size
            self.scale = scale
            self.frame = frame
            self.origin = origin
        }

        /// Drops the nodes it holds.
        func release() {
            if let node { gsk_render_node_unref(node) }
            if let plain { gsk_render_node_unref(plain) }
            if let raster { gsk_render_node_unref(raster) }
            node = nil
            plain = nil
            raster = nil
        }

        /// Draws the kept recording from now on (a large unit that moves); false if it did already.
        func showPlain() -> Bool {
            guard let plain, node != plain else { return false }
            if let node { gsk_render_node_unref(node) }
            node = gsk_render_node_ref(plain)
            isFlattened = false
            return true
        }

        /// Draws the kept raster again (a large unit back at rest); false if there is none.
        func showRaster() -> Bool {
            guard let raster, node != raster else { return false }
            if let node { gsk_render_node_unref(node) }
            node = gsk_render_node_ref(raster)
            isFlattened = true
            return true
        }
    }
    /// What a path texture depends on: the path, how it is painted, the transform's scale
    /// and where the path's origin falls inside the texture's first device pixel.
    struct TextureKey: Hashable {
        var path: Path
        var fill: Bool
        var color: Color
        var lineWidth: Double
        var scaleX, scaleY: Double
        var offsetX, offsetY: Double
    }
    private struct Texture {
        /// Owned `GdkTexture *`.
        var texture: OpaquePointer
        var frame: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var textures: [TextureKey: Texture] = [:]
    private var frame = 0
    private var recordedThisFrame: [ObjectIdentifier] = []
    /// The units being recorded now, innermost last (units nest).
    private var recording: [Entry] = []

    /// Keep top-level units that do not change often flattened into cairo nodes (`FlattenedNode`): set while
    /// GSK's cairo renderer draws the widget, where a flattened unit outside the frame's
    /// damage costs next to nothing (the GL renderer would upload each as a texture).
    /// Changing it drops every kept node.
    var flattensSteadyUnits = false {
        didSet { if flattensSteadyUnits != oldValue { removeAll() } }
    }
    /// Units flattened since the cache was made (diagnostics, tests).
    private(set) var flattenings = 0
    /// Flattened units swapped back to their plain nodes as they moved (diagnostics, tests).
    private(set) var plainWhileMoving = 0
    /// Large units drawn plain as they moved (or arrived in a scroll step) and switched to
    /// their rasters in their first frame at rest (diagnostics, tests).
    private(set) var rasterizedAtRest = 0
    /// Whether this frame scrolls the view by a step (set by the widget after `beginFrame()`):
    /// a large unit recorded in it is left plain, as it will move on with the next step
    /// (`FlattenedNode.drawsPlainWhileMoving`).
    var frameScrolls = false

    /// An empty cache.
    public init() {}

    deinit { removeAll() }

    /// Starts a frame.
    public func beginFrame() {
        frame += 1
        frameScrolls = false
        recordedThisFrame.removeAll(keepingCapacity: true)
    }

    /// Ends a frame: forgets the units and textures it did not use.
    public func endFrame() {
        keysRecordedInLastFrame = recordedThisFrame
        for (key, entry) in entries where entry.frame != frame {
            entry.release()
            entries[key] = nil
        }
        for (key, texture) in textures where texture.frame != frame {
            g_object_unref(UnsafeMutableRawPointer(texture.texture))
            textures[key] = nil
        }
    }

    /// Drops every node and texture.
    public func removeAll() {
        for entry in entries.values { entry.release() }
        for texture in textures.values { g_object_unref(UnsafeMutableRawPointer(texture.texture)) }
        entries.removeAll()
        textures.removeAll()
    }

    /// The unit's node: the one kept if key, version, size and scale match, else what
    /// `record` returns (an owned reference the cache takes over; nil for nothing drawn).
    /// The result stays valid until the cache drops it (the caller appends it right away).
    /// `origin` is where the unit is drawn (the snapshot's coordinates). With
    /// `flattensSteadyUnits`, top-level units come back flattened (the same pixels, cairo
    /// nodes) unless they `changesOften` (a live layer, a content animation, a slide: a
    /// flattening costs more than the recording, and it would be recorded again soon).
    /// A unit that changed often and then stays is flattened when it moves (a scroll),
    /// never at rest: swapping its node for the flattened one makes GTK repaint its
    /// pixels, and a tick must damage only what ticked. A large unit
    /// (`FlattenedNode.drawsPlainWhileMoving`) goes the other way as it moves: its plain
    /// nodes cost GSK's cairo renderer less than its raster inside the damage a move makes.
    /// In its first frame at rest it goes back to its raster (flattened then if it arrived
    /// plain), once: after that it is a flattened unit at rest like any other. That swap
    /// repaints it in that one frame, whatever else the frame draws (a tick coming right
    /// after a scroll stops included); plain nodes would cost GSK in every later frame.
    func node(for key: ObjectIdentifier, version: Int, size: Size, scale: Double, origin: Point,
              changesOften: Bool = false, record: () -> OpaquePointer?) -> OpaquePointer? {
        let parent = recording.last
        let kept = entries[key]
        if let entry = kept, entry.version == version, entry.size == size, entry.scale == scale {
            parent?.children.append(entry)
            touch(entry)
            if entry.origin != origin {
                entry.origin = origin
                // Moving: GTK repaints it anyway, so swapping its node costs no extra damage.
                if parent == nil, entry.canFlatten, !changesOften {
                    if entry.plain != nil {
                        if entry.showPlain() { plainWhileMoving += 1 }
                    } else if !entry.isFlattened {
                        flatten(entry)
                    }
                }
            } else if parent == nil, entry.canFlatten, !changesOften, let plain = entry.plain, entry.node == plain, !entry.isFlattened {
                // The first frame at rest after it moved (or arrived in a scroll step) plain.
                if entry.showRaster() {
                    rasterizedAtRest += 1
                } else {
                    flatten(entry)
                    if entry.node != plain { rasterizedAtRest += 1 }
                }
            }
            return entry.node
        }
        let entry: Entry
        if let kept {
            kept.release()
            entry = kept
            entry.version = version
            entry.size = size
            entry.scale = scale
            entry.frame = frame
            entry.origin = origin
            entry.isFlattened = false
            entry.children.removeAll(keepingCapacity: true)
            entry.textures.removeAll(keepingCapacity: true)
        } else {
            entry = Entry(version: version, size: size, scale: scale, frame: frame, origin: origin)
            entries[key] = entry
        }
        parent?.children.append(entry)
        recording.append(entry)
        let node = record()
        recording.removeLast()
        entry.node = node
        entry.canFlatten = parent == nil && flattensSteadyUnits && node.map { FlattenedNode.isWorthFlattening($0, scale: scale) } ?? false
        if entry.canFlatten, let node, FlattenedNode.drawsPlainWhileMoving(node) { entry.plain = gsk_render_node_ref(node) }
        if entry.canFlatten && !changesOften && !(entry.plain != nil && frameScrolls) { flatten(entry) }
        recordings += 1
        recordedThisFrame.append(key)
        onRecord?(key)
        return entry.node
    }

    /// Replaces a unit's node by its flattened copy (kept as it is if GSK made none).
    private func flatten(_ entry: Entry) {
        entry.isFlattened = true
        guard let node = entry.node, let flat = FlattenedNode.make(from: node) else { return }
        gsk_render_node_unref(node)
        entry.node = flat
        if entry.plain != nil {
            if let raster = entry.raster { gsk_render_node_unref(raster) }
            entry.raster = gsk_render_node_ref(flat)
        }
        flattenings += 1
    }

    /// Marks a kept unit, and the units nested in it, as drawn this frame.
    private func touch(_ entry: Entry) {
        guard entry.frame != frame else { return }
        entry.frame = frame
        for child in entry.children { touch(child) }
        for key in entry.textures { textures[key]?.frame = frame }
    }

    /// The texture for `key`, made by `make` (an owned `GdkTexture *`) when missing.
    func texture(for key: TextureKey, make: () -> OpaquePointer?) -> OpaquePointer? {
        recording.last?.textures.append(key)
        if var texture = textures[key] {
            texture.frame = frame
            textures[key] = texture
            return texture.texture
        }
        guard let made = make() else { return nil }
        textureRasterizations += 1
        textures[key] = Texture(texture: made, frame: frame)
        return made
    }
}
