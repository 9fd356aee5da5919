/// A control or mark at a list cell's edge (UIKit's `UICellAccessory`), shown always or only
/// in or out of edit mode. Leading accessories (delete, multiselect, outline disclosure in a
/// sidebar) sit before the content; the others after it, in order.
public struct CellAccessory: Hashable, Sendable {
    /// When an accessory shows.
    public enum DisplayedState: Hashable, Sendable {
        /// In and out of edit mode.
        case always
        /// In edit mode only.
        case whenEditing
        /// Out of edit mode only.
        case whenNotEditing
    }
    /// What the accessory is.
    public enum Kind: Hashable, Sendable {
        /// A chevron saying the row leads somewhere.
        case disclosureIndicator
        /// A chevron that expands and collapses the row's children (through the section snapshot).
        case outlineDisclosure
        /// A check mark.
        case checkmark
        /// A red delete control.
        case delete
        /// A grip to move the row by.
        case reorder
        /// A selection circle for multiple selection.
        case multiselect
        /// A short text, such as a count.
        case label(String)
    }
    /// What it is.
    public var kind: Kind
    /// When it shows.
    public var displayed: DisplayedState
    /// An outline disclosure's options (the default for other kinds).
    var outlineOptions = OutlineDisclosureOptions()

    /// How an outline disclosure behaves (UIKit's `UICellAccessory.OutlineDisclosureOptions`).
    public struct OutlineDisclosureOptions: Hashable, Sendable {
        /// What a click toggles.
        public enum Style: Hashable, Sendable {
            /// `header` for the first row of a section whose list shows its header as that row
            /// (`headerMode` `firstItemInSection`), else `cell`.
            case automatic
            /// A click anywhere on the row expands or collapses it (the row is not selected).
            case header
            /// Only a click on the chevron expands or collapses the row; elsewhere it selects.
            case cell
        }
        /// What a click toggles. Default `automatic`.
        public var style: Style
        /// Options of `style`.
        public init(style: Style = .automatic) { self.style = style }
    }

    /// A chevron saying the row leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always) -> CellAccessory { .init(kind: .disclosureIndicator, displayed: displayed) }
    /// A chevron that expands and collapses the row's children; a click on it toggles them.
    public static func outlineDisclosure(displayed: DisplayedState = .always) -> CellAccessory { .init(kind: .outlineDisclosure, displayed: displayed) }
    /// A chevron that expands and collapses the row's children, with `options` (a `header`
    /// style makes the whole row toggle them).
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions) -> CellAccessory {
        .init(kind: .outlineDisclosure, displayed: displayed, outlineOptions: options)
    }
    /// A check mark.
    public static func checkmark(displayed: DisplayedState = .always) -> CellAccessory { .init(kind: .checkmark, displayed: displayed) }
    /// A delete control (in edit mode by default).
    public static func delete(displayed: DisplayedState = .whenEditing) -> CellAccessory { .init(kind: .delete, displayed: displayed) }
    /// A reorder grip (in edit mode by default).
    public static func reorder(displayed: DisplayedState = .whenEditing) -> CellAccessory { .init(kind: .reorder, displayed: displayed) }
    /// A multiple-selection circle (in edit mode by default).
    public static func multiselect(displayed: DisplayedState = .whenEditing) -> CellAccessory { .init(kind: .multiselect, displayed: displayed) }
    /// A short text at the trailing edge.
    public static func label(text: String, displayed: DisplayedState = .always) -> CellAccessory { .init(kind: .label(text), displayed: displayed) }

    /// Whether it shows in (or out of) edit mode.
    func isShown(editing: Bool) -> Bool {
        switch displayed {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
    /// Leading accessories sit before the content.
    var isLeading: Bool {
        switch kind {
        case .delete, .multiselect: true
        default: false
        }
    }
    /// The width it takes at the cell's edge (a label's measured by the canvas).
    @MainActor
    func width(in canvas: Canvas) -> Double {
        switch kind {
        case let .label(text): canvas.measureText(text, width: 200, style: TextStyle(font: .body)).width + 8
        default: 32
        }
    }
}
