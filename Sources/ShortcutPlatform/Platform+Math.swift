#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's elementary functions the layers above need (a log-normal delay's sample): the standard
/// library has none, and only this target imports the C library.
extension Platform {
    /// The natural logarithm.
    @inlinable package static func naturalLog(_ x: Double) -> Double { log(x) }
    /// e to the power `x`.
    @inlinable package static func exponential(_ x: Double) -> Double { exp(x) }
    /// The cosine of `x` radians.
    @inlinable package static func cosine(_ x: Double) -> Double { cos(x) }
}
