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
    @exclusivity(unchecked) public private(set) var recordings = 0
    /// Path textures rasterised (texture cache misses) since the cache was made.
    @exclusivity(unchecked) public private(set) var textureRasterizations = 0
    /// The keys recorded in the last finished frame, in drawing order.
    @exclusivity(unchecked) public private(set) var keysRecordedInLastFrame: [ObjectIdentifier] = []
    /// Called with a unit's key each time it is recorded (diagnostics, tests).
    public var onRecord: ((ObjectIdentifier) -> Void)?
    /// Units held now.
    public var nodeCount: Int { entries.count }
    /// Path textures held now.
    public var textureCount: Int { textures.count }

    /// A kept unit (a class: looked up once a frame and updated in place).
    // Its fields, like the cache's own state, are unchecked for exclusivity (see `entries`).
    private final class Entry {
        @exclusivity(unchecked) var version: Int
        @exclusivity(unchecked) var size: Size
        @exclusivity(unchecked) var scale: Double
        /// Owned reference; nil when the unit drew nothing.
        @exclusivity(unchecked) var node: OpaquePointer?
        /// The last frame that drew the unit.
        @exclusivity(unchecked) var frame: Int
        /// Where the unit was drawn last (the snapshot's coordinates of its origin).
        @exclusivity(unchecked) var origin: Point
        /// `node` is the recording flattened into cairo nodes (`FlattenedNode`); or it may be
        /// (a top-level unit whose tree is worth it), once it is drawn somewhere else.
        @exclusivity(unchecked) var isFlattened = false
        @exclusivity(unchecked) var canFlatten = false
        /// A large unit's recording (owned), kept beside its flattened node: drawn instead
        /// of it while the unit moves (`FlattenedNode.drawsPlainWhileMoving`). Nil for the rest.
        @exclusivity(unchecked) var plain: OpaquePointer?
        /// A large unit's flattened node (owned), kept while its recording is drawn, for the
        /// first frame it is at rest again. Nil until flattened, and for the rest.
        @exclusivity(unchecked) var raster: OpaquePointer?
        /// `node` under a translation to `placedAt` (owned; `placedNode(at:)`), kept while
        /// the unit stays there with the same node (`placedChild`, not owned: `placed` holds it).
        @exclusivity(unchecked) var placed: OpaquePointer?
        @exclusivity(unchecked) var placedChild: OpaquePointer?
        @exclusivity(unchecked) var placedAt = Point(x: 0, y: 0)
        /// Units recorded into this one's node (nested `drawCached` calls): kept while it is.
        @exclusivity(unchecked) var children: [Entry] = []
        /// Path textures recorded into this one's node: kept while it is, so that when the
        /// unit is recorded again (a download ticked) the same path at the same sub-pixel
        /// position gets the very same texture. A new one each time would be rasterised
        /// again, and GTK's GL renderer would give every new texture a new slot in its
        /// icon atlas (holding a reference until the atlas is compacted).
        @exclusivity(unchecked) var textures: [TextureKey] = []

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
            if let placed { gsk_render_node_unref(placed) }
            node = nil
            plain = nil
            raster = nil
            placed = nil
            placedChild = nil
        }

        /// Draws the kept recording from now on (a large unit that moves); false if it did already.
        func showPlain() -> Bool { show(plain, flattened: false) }

        /// Draws the kept raster again (a large unit back at rest); false if there is none.
        func showRaster() -> Bool { show(raster, flattened: true) }

        /// Draws `kept` (one of the unit's kept nodes) from now on; false if there is none or
        /// it is drawn already.
        private func show(_ kept: OpaquePointer?, flattened: Bool) -> Bool {
            guard let kept, node != kept else { return false }
            if let node { gsk_render_node_unref(node) }
            node = gsk_render_node_ref(kept)
            isFlattened = flattened
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

    // The cache's state is read and written for every kept unit of every frame, on the main
    // thread, never across a call that could reach it again (`record` and `make` run between
    // accesses): unchecked, as dynamic exclusivity checks cost more than these accesses.
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    @exclusivity(unchecked) private var textures: [TextureKey: Texture] = [:]
    @exclusivity(unchecked) private var frame = 0
    @exclusivity(unchecked) private var recordedThisFrame: [ObjectIdentifier] = []
    /// The units being recorded now, innermost last (units nest).
    @exclusivity(unchecked) private var recording: [Entry] = []
    /// Keys and textures `endFrame()` drops (kept to reuse their storage).
    @exclusivity(unchecked) private var droppedKeys: [ObjectIdentifier] = []
    @exclusivity(unchecked) private var droppedTextures: [TextureKey] = []
    /// The unit `node(for:…)` returned last (for `placedNode(at:)`).
    @exclusivity(unchecked) private var returned: Entry?

    /// Keep top-level units that do not change often flattened into cairo nodes (`FlattenedNode`): set while
    /// GSK's cairo renderer draws the widget, where a flattened unit outside the frame's
    /// damage costs next to nothing (the GL renderer would upload each as a texture).
    /// Changing it drops every kept node.
    var flattensSteadyUnits = false {
        didSet { if flattensSteadyUnits != oldValue { removeAll() } }
    }
    /// Units flattened since the cache was made (diagnostics, tests).
    @exclusivity(unchecked) private(set) var flattenings = 0
    /// Flattened units swapped back to their plain nodes as they moved (diagnostics, tests).
    @exclusivity(unchecked) private(set) var plainWhileMoving = 0
    /// Large units drawn plain as they moved (or arrived in a scroll step) and switched to
    /// their rasters in their first frame at rest (diagnostics, tests).
    @exclusivity(unchecked) private(set) var rasterizedAtRest = 0
    /// Whether this frame scrolls the view by a step (set by the widget after `beginFrame()`):
    /// a large unit recorded in it is left plain, as it will move on with the next step
    /// (`FlattenedNode.drawsPlainWhileMoving`).
    @exclusivity(unchecked) var frameScrolls = false

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
        // Swapped, not copied: the next `beginFrame()` empties a buffer no one else holds.
        swap(&keysRecordedInLastFrame, &recordedThisFrame)
        // Removed after the loops: removing while iterating copied the whole dictionary.
        for (key, entry) in entries where entry.frame != frame {
            entry.release()
            droppedKeys.append(key)
        }
        for key in droppedKeys { entries[key] = nil }
        droppedKeys.removeAll(keepingCapacity: true)
        for (key, texture) in textures where texture.frame != frame {
            g_object_unref(UnsafeMutableRawPointer(texture.texture))
            droppedTextures.append(key)
        }
        for key in droppedTextures { textures[key] = nil }
        droppedTextures.removeAll(keepingCapacity: true)
        returned = nil
    }

    /// Drops every node and texture.
    public func removeAll() {
        for entry in entries.values { entry.release() }
        for texture in textures.values { g_object_unref(UnsafeMutableRawPointer(texture.texture)) }
        returned = nil
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
            returned = entry
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
        returned = entry
        return entry.node
    }

    /// The node `node(for:…)` just returned, translated to `origin` (the snapshot's
    /// coordinates, as passed to it): the very node `gtk_snapshot_translate` and
    /// `gtk_snapshot_append_node` make (a transform node, or the node itself at (0, 0)), kept
    /// with the unit while it stays there with the same node. A unit at rest then costs no
    /// new node a frame, and one that moves a transform node without the snapshot's state
    /// pushes. Nil if that call returned nil.
    func placedNode(at origin: Point) -> OpaquePointer? {
        guard let entry = returned, let node = entry.node else { return nil }
        if let placed = entry.placed {
            if entry.placedChild == node, entry.placedAt == origin { return placed }
            gsk_render_node_unref(placed)
            entry.placed = nil
            entry.placedChild = nil
        }
        var point = graphene_point_t(x: Float(origin.x), y: Float(origin.y))
        // As `gtk_snapshot_translate` from the identity: nil (no transform) at (0, 0).
        guard let transform = gsk_transform_translate(nil, &point) else { return node }
        defer { gsk_transform_unref(transform) }
        guard let placed = gsk_transform_node_new(node, transform) else { return nil }
        entry.placed = placed
        entry.placedChild = node
        entry.placedAt = origin
        return placed
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
