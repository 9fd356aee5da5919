import CGtk
@_spi(Interop) import PoolTableGtk

/// The matching half of a screen's search: the screen's searchable texts (one per row, in
/// row order) in a `GtkStringList`, filtered by a `GtkStringFilter` (substring, ignoring case,
/// as GTK normalizes and case-folds it) through a `GtkFilterListModel`, incremental above
/// `incrementalThreshold` texts: GTK then filters 512 items per idle step and the list
/// shows the matches found so far while the rest is filtered.
///
/// The filter model hands back `GtkStringObject`s; each is mapped to its row by the object
/// itself (`GtkStringList` keeps one object per string, made when first fetched: every one
/// is fetched once here, which the filter would do anyway).
@MainActor
final class ListSearch {
    /// Texts above which the filter runs incrementally.
    static let incrementalThreshold = 5_000

    private let strings: OpaquePointer
    private let filter: OpaquePointer
    /// The `GtkFilterListModel` (what the results are read from).
    let model: OpaquePointer
    /// Row by string object.
    private var rows: [OpaquePointer: Int] = [:]
    private var keyCount = 0
    /// Called when the matches changed (coalesced: see `progressMilliseconds`); `done` is
    /// false while an incremental filter is still running.
    var onChange: (@MainActor (_ done: Bool) -> Void)?
    private let coalesce = GLibTimeout()

    /// A search over `keys` (row `i` is matched against `keys[i]`).
    init(keys: [String]) {
        strings = gtk_string_list_new(nil)!
        filter = gtk_string_filter_new(nil)!
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_string_filter_set_expression(filter, expression)   // takes no ownership
        gtk_expression_unref(expression)
        // The filter model takes both references.
        g_object_ref(strings.rawPointer)
        g_object_ref(filter.rawPointer)
        model = gtk_filter_list_model_new(strings, UnsafeMutablePointer<GtkFilter>(filter))!
        append(keys)
        Signal.connectItemsChanged(model) { [weak self] _, _, _ in self?.changed() }
        Signal.connectPointer(model, "notify::pending") { [weak self] _ in self?.changed() }
    }

    isolated deinit {
        coalesce.stop()
        g_object_unref(model.rawPointer)
        g_object_unref(filter.rawPointer)
        g_object_unref(strings.rawPointer)
    }

    /// How many texts are searched.
    var count: Int { keyCount }

    /// Adds texts for rows `count...` (a screen whose rows grew: new files listed).
    func append(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        let first = keyCount
        let duplicated = keys.map { strdup($0) }
        defer { for p in duplicated { free(p) } }
        var array: [UnsafePointer<CChar>?] = duplicated.map { UnsafePointer($0) } + [nil]
        array.withUnsafeMutableBufferPointer { gtk_string_list_splice(strings, guint(first), 0, $0.baseAddress) }
        for row in first..<(first + keys.count) {
            guard let raw = g_list_model_get_item(strings, guint(row)) else { continue }
            rows[OpaquePointer(raw)] = row
            g_object_unref(raw)   // the list keeps it
        }
        keyCount += keys.count
        gtk_filter_list_model_set_incremental(model, (keyCount > Self.incrementalThreshold).gboolean)
    }

    /// The text searched for; empty matches everything.
    var text: String = "" {
        didSet {
            guard text != oldValue else { return }
            gtk_string_filter_set_search(filter, text.isEmpty ? nil : text)
            // Also when the matches stayed the same (no items-changed): the text is news.
            changed()
        }
    }

    /// Rows still to be filtered (0 when done).
    var pending: Int { Int(gtk_filter_list_model_get_pending(model)) }

    /// The rows that match so far, ascending.
    var matches: [Int] {
        let n = g_list_model_get_n_items(model)
        var out: [Int] = []
        out.reserveCapacity(Int(n))
        for i in 0..<n {
            guard let raw = g_list_model_get_item(model, i) else { continue }
            if let row = rows[OpaquePointer(raw)] { out.append(row) }
            g_object_unref(raw)
        }
        return out
    }

    /// While an incremental filter runs (512 items per idle step), the matches are handed
    /// on at most every `progressMilliseconds`; the end at once.
    static let progressMilliseconds: UInt32 = 100

    private func changed() {
        let done = pending == 0
        if coalesce.isRunning {
            guard done else { return }
            coalesce.stop()
        }
        coalesce.once(after: done ? 0 : Self.progressMilliseconds) { [weak self] in
            guard let self else { return }
            self.onChange?(self.pending == 0)
        }
    }
}
