/// The modifier keys held with a pointer or key event (in the engine's terms; the host
/// translates its own).
public struct InputModifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift: extends the selection from the anchor.
    public static let shift = InputModifiers(rawValue: 1)
    /// Control: toggles one item, or moves the cursor without selecting.
    public static let control = InputModifiers(rawValue: 2)
    /// Alt: with an arrow, moves the focused row or item one place (when it can move).
    public static let alt = InputModifiers(rawValue: 4)
}
