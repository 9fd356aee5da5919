import CGtk
import Glibc
import PoolTable
@testable import PoolTableGtk
import Testing

/// A `GListStore` of `GtkStringObject`s and the names it should hold, changed together.
@MainActor
final class ListStoreFixture {
    let model: OpaquePointer
    /// The items in order (each referenced by the store).
    private(set) var objects: [OpaquePointer] = []
    /// The expected rows: each item's string, in order.
    var names: [String] { objects.map { ListModelDataSource.string(of: $0) ?? "?" } }
    /// The item the last splice removed last (kept alive by `made`).
    private(set) var removedLast: OpaquePointer?
    /// Every item made here, referenced until the fixture goes (so a removed item can come back).
    private var made: [OpaquePointer] = []

    init(count: Int) {
        model = g_list_store_new(gtk_string_object_get_type())
        let initial = (0..<count).map { makeObject("Item \($0)") }
        splice(0, removed: 0, adding: initial)
    }

    /// A new `GtkStringObject` (referenced by the fixture).
    func makeObject(_ name: String) -> OpaquePointer {
        let object = gtk_string_object_new(name)!
        made.append(object)
        return object
    }

    /// `g_list_store_splice`: one `items-changed(position, removed, added.count)`.
    func splice(_ position: Int, removed: Int, adding added: [OpaquePointer]) {
        removedLast = removed > 0 ? objects[position + removed - 1] : nil
        objects.replaceSubrange(position..<(position + removed), with: added)
        var pointers: [gpointer?] = added.map { UnsafeMutableRawPointer($0) }
        g_list_store_splice(model, guint(position), guint(removed), &pointers, guint(added.count))
    }

    isolated deinit {
        g_object_unref(model.rawPointer)
        for object in made { g_object_unref(object.rawPointer) }
    }
}

/// A `TableView` (no window) fed by a `ListModelDataSource`, and checks of what it shows.
@MainActor
final class TableFixture {
    let table: TableView
    let source: ListModelDataSource
    private var time = 0.0

    init(model: OpaquePointer, selection: OpaquePointer? = nil, height: Double = 440, attach: Bool = true) {
        table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: height))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "cell")
        source = ListModelDataSource(model: model)
        source.selectionModel = selection
        if attach { self.attach() }
    }

    func attach() {
        source.attach(to: table)
        table.layoutIfNeeded()
    }

    /// Runs row animations to their end and unbinds what left.
    func finishAnimations() {
        time += 10
        table.advanceAnimations(to: time)
        table.layoutIfNeeded()
        source.sweepUnmounted()
    }

    /// Each mounted cell by the item it shows.
    func cellsByItem() -> [OpaquePointer: ObjectIdentifier] {
        var out: [OpaquePointer: ObjectIdentifier] = [:]
        for cell in table.mountedCells { if let item = source.item(for: cell) { out[item] = ObjectIdentifier(cell) } }
        return out
    }

    /// The table has the store's rows; every mounted cell shows its row's item and string,
    /// and only mounted cells hold items.
    func check(against store: ListStoreFixture, step: Int = -1) throws {
        let names = store.names
        #expect(table.numberOfRows(inSection: 0) == names.count, "step \(step)")
        #expect(Int(g_list_model_get_n_items(store.model)) == names.count)
        for (indexPath, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            let item = try #require(source.item(for: cell), "step \(step): row \(indexPath.row) has no item")
            #expect(item == store.objects[indexPath.row], "step \(step): row \(indexPath.row)")
            #expect(cell.text == names[indexPath.row], "step \(step): row \(indexPath.row)")
        }
        source.sweepUnmounted()
        #expect(source.bindings.count == table.indexPathsForMountedRows.count, "step \(step)")
    }

    /// Every mounted cell's item is the model's item at its row.
    func checkRowsShowTheirItems() throws {
        let model = source.source
        for (indexPath, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            guard let expected = g_list_model_get_item(model, guint(indexPath.row)) else { continue }
            defer { g_object_unref(expected) }
            // By string: a model may hand out a new object for each call.
            let shown = try #require(source.item(for: cell), "row \(indexPath.row) has no item")
            #expect(ListModelDataSource.string(of: shown) == ListModelDataSource.string(of: OpaquePointer(expected)), "row \(indexPath.row)")
        }
    }
}

/// A seeded generator, so a failing fuzz run replays.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 { UInt64(bitPattern: Int64(next(Int.max))) &* 2 &+ UInt64(next(2)) }
    /// 0..<bound (0 when bound ≤ 0).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound > 0 ? Int(z % UInt64(bound)) : 0
    }
}

/// `PoolTableTestLyingListModel`: a `GListModel` that counts `count` items but returns
/// NULL from `nullFrom` on (a broken model, for the data source's bad-input path).
enum LyingListModel {
    private static let type: GType = register()
    private static let countKey = g_quark_from_string("lying-count")
    private static let nullKey = g_quark_from_string("lying-null-from")

    static func make(count: Int, nullFrom: Int) -> OpaquePointer {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        g_object_set_qdata(object.object, countKey, UnsafeMutableRawPointer(bitPattern: count + 1))
        g_object_set_qdata(object.object, nullKey, UnsafeMutableRawPointer(bitPattern: nullFrom + 1))
        return OpaquePointer(object)
    }

    private static func value(_ object: UnsafeMutableRawPointer?, _ key: GQuark) -> Int {
        Int(bitPattern: g_object_get_qdata(object?.assumingMemoryBound(to: GObject.self), key)) - 1
    }

    private static func register() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<GObject>.size)
        let type = g_type_register_static(g_object_get_type(), "PoolTableTestLyingListModel", &info, GTypeFlags(rawValue: 0))
        var interface = GInterfaceInfo()
        interface.interface_init = { iface, _ in
            let list = iface!.assumingMemoryBound(to: GListModelInterface.self)
            list.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            list.pointee.get_n_items = { model in
                guint(LyingListModel.value(UnsafeMutableRawPointer(model), LyingListModel.countKey))
            }
            list.pointee.get_item = { model, position in
                let raw = UnsafeMutableRawPointer(model)
                guard Int(position) < LyingListModel.value(raw, LyingListModel.nullKey) else { return nil }
                return UnsafeMutableRawPointer(gtk_string_object_new("Lying \(position)"))
            }
        }
        g_type_add_interface_static(type, g_list_model_get_type(), &interface)
        return type
    }
}
