/// A function from a colour to a colour that a configuration applies to the colour it
/// resolves (UIKit's `UIConfigurationColorTransformer`): a lighter tint for a highlighted
/// background, say. Two transformers are equal when they are the same one (copies of one
/// made with `init(_:)`), as closures cannot be compared.
public struct ConfigurationColorTransformer: Hashable, Sendable {
    /// Identifies the function (closures have no equality).
    private final class Identity: Sendable {}
    private let identity = Identity()
    private let transform: @Sendable (Color) -> Color

    /// A transformer applying `transform`.
    public init(_ transform: @escaping @Sendable (Color) -> Color) {
        self.transform = transform
    }

    /// `color` transformed.
    public func callAsFunction(_ color: Color) -> Color { transform(color) }

    /// The colour at the same luminance, without hue.
    public static let grayscale = ConfigurationColorTransformer { c in
        let l = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        return Color(red: l, green: l, blue: l, alpha: c.alpha)
    }

    public static func == (a: ConfigurationColorTransformer, b: ConfigurationColorTransformer) -> Bool { a.identity === b.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}
