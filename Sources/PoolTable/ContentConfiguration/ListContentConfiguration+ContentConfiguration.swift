extension ListContentConfiguration: ContentConfiguration {
    /// A `ListContentView` drawing the configuration.
    @MainActor public func makeContentView() -> any ContentView {
        ListContentView(configuration: self)
    }

    /// The configuration unchanged: list rows show selection, highlight and edit mode in
    /// their background, tint and accessories, not by restyling the text (UIKit's changes
    /// colours for some styles, e.g. a selected sidebar row's).
    public func updated(for state: any ConfigurationState) -> ListContentConfiguration {
        self
    }
}
