/// Bug replicas: diagnostics that reproduce, on purpose, what the seeds' first attempts got
/// wrong, so the debug overlay can show the difference. They live here, not in the core's
/// paths (as swift-collections keeps test hooks out of its core files): the core holds one `BugReplicas` switchboard and asks this file the few
/// questions whose answers a replica changes. (The Chameleon replica swaps the table's
/// layout instead: `ChameleonLayout.swift`.)
@MainActor
final class BugReplicas {
    /// See `ListBase.legacyVisibleCellsOnlyRefresh`.
    var visibleCellsOnlyRefresh = false
}

extension ListBase {
    /// Diagnostic, off by default: the edit toggle then updates only `visibleCells`, as the
    /// first attempt in field note 000 (DocC "The life of a row") did on iOS 15, and cells are not
    /// refreshed as they move from prepared to visible. Prepared rows are left stale, which
    /// the debug overlay marks. Exists to show what the normal behaviour fixes.
    @_spi(Diagnostics) public var legacyVisibleCellsOnlyRefresh: Bool {
        get { replicas.visibleCellsOnlyRefresh }
        set { replicas.visibleCellsOnlyRefresh = newValue }
    }

    /// The mounted items an edit-mode toggle refreshes: all of them (the fix), or only the
    /// visible ones under the legacy replica.
    var editingRefreshTargets: [MountedItems.Entry] {
        replicas.visibleCellsOnlyRefresh ? Array(items.visible) : items.entries
    }
}
