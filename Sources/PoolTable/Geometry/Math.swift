#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few libm functions the engine uses, so that no engine file needs Foundation for them.
enum Math {
    static func sin(_ x: Double) -> Double {
        #if canImport(Glibc)
        Glibc.sin(x)
        #else
        Darwin.sin(x)
        #endif
    }
    static func pow(_ x: Double, _ y: Double) -> Double {
        #if canImport(Glibc)
        Glibc.pow(x, y)
        #else
        Darwin.pow(x, y)
        #endif
    }
    /// The length of (dx, dy).
    static func hypot(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
}
