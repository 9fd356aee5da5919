/// A cell that shows a content configuration of any type (UIKit's `contentConfiguration` of
/// `UITableViewCell` and `UICollectionViewCell`): `TableViewCell` and `CollectionViewCell`,
/// and so every list cell and subclass.
///
/// `TableViewCell` and `CollectionViewListCell` also have a `contentConfiguration` typed
/// `ListContentConfiguration?` (as since 0.3.0): both names read and write the same
/// configuration. Swift picks the list-typed one wherever it type-checks
/// (`cell.contentConfiguration?.text = …`, assigning a `ListContentConfiguration`) and this
/// one otherwise (assigning a custom configuration, reading it as `any ContentConfiguration`).
@MainActor
public protocol ContentConfigurationCell: ReusableCell {}

extension ContentConfigurationCell {
    /// The configuration the cell shows (UIKit's type); nil: the cell's own drawing. Setting
    /// one makes its content view once and reuses that view for later configurations it
    /// supports (across reuse too); on a list cell, a `ListContentConfiguration` is drawn by
    /// a `ListContentView`, and on a table cell it sets the cell's text, detail text and image.
    public var contentConfiguration: (any ContentConfiguration)? {
        get { hostedContent.configuration }
        set { setHostedContentConfiguration(newValue) }
    }
}

extension TableViewCell: ContentConfigurationCell {}
extension CollectionViewCell: ContentConfigurationCell {}

/// A cell's content configuration and the view made for it (one per cell, kept across
/// configurations it supports and across reuse).
@MainActor
struct HostedContent {
    /// The configuration shown; nil: none.
    var configuration: (any ContentConfiguration)?
    /// The view last made; kept when the configuration is cleared, to be reused.
    var view: (any ContentView)?
    /// How many views were made for this cell (tests and the reuse promise).
    var viewsMade = 0

    /// Shows `configuration`, through the kept view when it supports it, else a new view;
    /// `makesView` false keeps the view aside (a table cell draws list configurations itself).
    mutating func show(_ configuration: (any ContentConfiguration)?, makesView: Bool) {
        self.configuration = configuration
        guard let configuration, makesView else { return }
        if let view, view.supports(configuration) {
            view.configuration = configuration
        } else {
            view = configuration.makeContentView()
            viewsMade += 1
        }
    }
}

extension ReusableCell {
    /// The content view drawing the current configuration, if the cell draws one.
    var activeContentView: (any ContentView)? {
        guard hostedContent.configuration != nil, hostsContentView(for: hostedContent.configuration) else { return nil }
        return hostedContent.view
    }

    /// Sets the hosted configuration (updated for the cell's state when the cell updates it
    /// automatically) and tells the cell.
    func setHostedContentConfiguration(_ configuration: (any ContentConfiguration)?) {
        var shown = configuration
        if automaticallyUpdatesContent, let configuration {
            shown = configuration.updated(for: contentConfigurationState)
        }
        hostedContent.show(shown, makesView: hostsContentView(for: shown))
        contentConfigurationDidChange()
    }

    /// Selection, highlight or edit mode changed: the configuration follows the new state
    /// (nothing is redrawn when the updated configuration is equal to the shown one).
    func updateHostedContentForState() {
        guard automaticallyUpdatesContent, let configuration = hostedContent.configuration else { return }
        let updated = configuration.updated(for: contentConfigurationState)
        if Self.equal(updated, configuration) { return }
        hostedContent.show(updated, makesView: hostsContentView(for: updated))
        contentConfigurationDidChange()
    }

    /// Whether two configurations are equal (false unless both are the same `Hashable` type).
    static func equal(_ a: any ContentConfiguration, _ b: any ContentConfiguration) -> Bool {
        guard let a = a as? any Hashable, let b = b as? any Hashable else { return false }
        return AnyHashable(a) == AnyHashable(b)
    }
}

extension ContentConfigurationCell {
    /// Whether the cell replaces its `contentConfiguration` by the configuration's
    /// `updated(for:)` of the cell's state when it is set and whenever selection, highlight or
    /// edit mode changes (UIKit's name). Default true.
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { automaticallyUpdatesContent }
        set { automaticallyUpdatesContent = newValue }
    }
}
