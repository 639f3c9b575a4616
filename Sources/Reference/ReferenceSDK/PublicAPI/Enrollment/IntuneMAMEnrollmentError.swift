/// The `error` object of an ``IntuneMAMEnrollmentStatus`` (an `NSError` in the real SDK).
///
/// A concrete, `Sendable` and comparable type so status values can cross threads and be asserted on.
public struct IntuneMAMEnrollmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Error domain, `IntuneMAMEnrollmentErrorDomain` for SDK-originated errors.
    public var domain: String
    /// The raw status code the error belongs to.
    public var code: Int
    /// Human-readable reason (never contains tokens or PINs).
    public var reason: String

    public init(domain: String = "IntuneMAMEnrollmentErrorDomain", code: Int, reason: String) {
        self.domain = domain
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(domain) \(code): \(reason)" }
}
