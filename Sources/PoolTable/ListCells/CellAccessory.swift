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
        /// A view of your own (UIKit's `customView`).
        case customView(CustomViewConfiguration)
    }

    /// Which edge a custom view sits at, and when it shows (UIKit's `UICellAccessory.Placement`).
    public enum Placement: Hashable, Sendable {
        /// Before the content.
        case leading(displayed: DisplayedState = .always)
        /// After the content.
        case trailing(displayed: DisplayedState = .always)
    }

    /// A custom view accessory (UIKit's `UICellAccessory.CustomViewConfiguration`): the view
    /// is as wide as its `sizeThatFits(_:canvas:)` says when offered the row's height (at most
    /// that height high), centred vertically, drawn with the row's content (call the cell's
    /// `setNeedsDisplay()` when what it draws changes). It receives no input (the row does).
    /// Equal when it holds the same view with the same options.
    public struct CustomViewConfiguration: Hashable, Sendable {
        /// The view drawn.
        public var customView: CollectionReusableView
        /// Its edge and when it shows.
        public var placement: Placement
        /// True: the accessory takes no room and is not drawn.
        public var isHidden: Bool
        /// The width kept for it whatever the view's size; nil: the view's width.
        public var reservedLayoutWidth: Double?

        /// A configuration for `customView` at `placement`.
        public init(customView: CollectionReusableView, placement: Placement, isHidden: Bool = false, reservedLayoutWidth: Double? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth
        }

        public static func == (a: CustomViewConfiguration, b: CustomViewConfiguration) -> Bool {
            a.customView === b.customView && a.placement == b.placement && a.isHidden == b.isHidden && a.reservedLayoutWidth == b.reservedLayoutWidth
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(customView)); hasher.combine(placement); hasher.combine(isHidden); hasher.combine(reservedLayoutWidth)
        }
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
    /// A view of your own at the configuration's edge (UIKit's `customView(configuration:)`).
    public static func customView(configuration: CustomViewConfiguration) -> CellAccessory {
        let displayed: DisplayedState = switch configuration.placement {
        case let .leading(displayed), let .trailing(displayed): displayed
        }
        return .init(kind: .customView(configuration), displayed: displayed)
    }

    /// Whether it shows in (or out of) edit mode (a hidden custom view never does).
    func isShown(editing: Bool) -> Bool {
        if case let .customView(configuration) = kind, configuration.isHidden { return false }
        return switch displayed {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
    /// Leading accessories sit before the content.
    var isLeading: Bool {
        switch kind {
        case .delete, .multiselect: true
        case let .customView(configuration): if case .leading = configuration.placement { true } else { false }
        default: false
        }
    }
    /// The width it takes at the cell's edge (a label's measured by the canvas).
    @MainActor
    func width(in canvas: Canvas) -> Double {
        switch kind {
        case let .label(text): canvas.measureText(text, width: 200, style: TextStyle(font: .body)).width + 8
        case let .customView(configuration): Self.customViewWidth(configuration, canvas: canvas)
        default: 32
        }
    }

    /// The view's size when offered `size` (finite, non-negative, at most `size.height` high).
    @MainActor
    static func customViewSize(_ configuration: CustomViewConfiguration, offered size: Size, canvas: Canvas) -> Size {
        let s = configuration.customView.sizeThatFits(size, canvas: canvas)
        return Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? min(max(0, s.height), size.height) : 0)
    }

    /// The room a custom view takes: the reserved width, else its width offered 44 points by
    /// 44, plus an 8-point gap.
    @MainActor
    static func customViewWidth(_ configuration: CustomViewConfiguration, canvas: Canvas) -> Double {
        if let w = configuration.reservedLayoutWidth, w.isFinite { return max(0, w) + 8 }
        return customViewSize(configuration, offered: Size(width: 44, height: 44), canvas: canvas).width + 8
    }
}
