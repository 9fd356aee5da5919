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

    private struct Entry {
        var version: Int
        var size: Size
        var scale: Double
        /// Owned reference; nil when the unit drew nothing.
        var node: OpaquePointer?
        var frame: Int
        /// Units recorded into this one's node (nested `drawCached` calls): kept while it is.
        var children: [ObjectIdentifier] = []
        /// Path textures recorded into this one's node: kept while it is, so that when the
        /// unit is recorded again (a download ticked) the same path at the same sub-pixel
        /// position gets the very same texture. A new one each time would be rasterised
        /// again, and GTK's GL renderer would give every new texture a new slot in its
        /// icon atlas (holding a reference until the atlas is compacted).
        var textures: [TextureKey] = []
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
    private var recording: [ObjectIdentifier] = []

    /// An empty cache.
    public init() {}

    deinit { removeAll() }

    /// Starts a frame.
    public func beginFrame() {
        frame += 1
        recordedThisFrame.removeAll(keepingCapacity: true)
    }

    /// Ends a frame: forgets the units and textures it did not use.
    public func endFrame() {
        keysRecordedInLastFrame = recordedThisFrame
        for (key, entry) in entries where entry.frame != frame {
            if let node = entry.node { gsk_render_node_unref(node) }
            entries[key] = nil
        }
        for (key, texture) in textures where texture.frame != frame {
            g_object_unref(UnsafeMutableRawPointer(texture.texture))
            textures[key] = nil
        }
    }

    /// Drops every node and texture.
    public func removeAll() {
        for entry in entries.values { if let node = entry.node { gsk_render_node_unref(node) } }
        for texture in textures.values { g_object_unref(UnsafeMutableRawPointer(texture.texture)) }
        entries.removeAll()
        textures.removeAll()
    }

    /// The unit's node: the one kept if key, version, size and scale match, else what
    /// `record` returns (an owned reference the cache takes over; nil for nothing drawn).
    /// The result stays valid until the cache drops it (the caller appends it right away).
    func node(for key: ObjectIdentifier, version: Int, size: Size, scale: Double,
              record: () -> OpaquePointer?) -> OpaquePointer? {
        if let parent = recording.last { entries[parent]?.children.append(key) }
        if let entry = entries[key], entry.version == version, entry.size == size, entry.scale == scale {
            touch(key)
            return entry.node
        }
        if let old = entries[key]?.node { gsk_render_node_unref(old) }
        entries[key] = Entry(version: version, size: size, scale: scale, node: nil, frame: frame)
        recording.append(key)
        let node = record()
        recording.removeLast()
        entries[key]?.node = node
        recordings += 1
        recordedThisFrame.append(key)
        onRecord?(key)
        return node
    }

    /// Marks a kept unit, and the units nested in it, as drawn this frame.
    private func touch(_ key: ObjectIdentifier) {
        guard var entry = entries[key], entry.frame != frame else { return }
        entry.frame = frame
        entries[key] = entry
        for child in entry.children { touch(child) }
        for key in entry.textures { textures[key]?.frame = frame }
    }

    /// The texture for `key`, made by `make` (an owned `GdkTexture *`) when missing.
    func texture(for key: TextureKey, make: () -> OpaquePointer?) -> OpaquePointer? {
        if let unit = recording.last { entries[unit]?.textures.append(key) }
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
