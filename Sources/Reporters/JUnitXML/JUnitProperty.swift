/// A name/value pair in a suite's `<properties>`.
///
/// The harness records requirement IDs, adapter and SDK versions, the seed and similar facts here,
/// because every JUnit consumer keeps properties even when it ignores everything else.
public struct JUnitProperty: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
