// mamconf's type-checking stand-in for the Swift overlay of the `ObjectiveC` module: declarations only.
@_exported import ObjectiveC

/// `BOOL` as the importer maps it (`ObjCBool`), bridged to `Bool` at API boundaries as on iOS.
@frozen
public struct ObjCBool: ExpressibleByBooleanLiteral {
    private var value: Bool
    public init(_ value: Bool) { self.value = value }
    public init(booleanLiteral value: Bool) { self.value = value }
    public var boolValue: Bool { value }
}

/// `SEL`.
@frozen
public struct Selector {
    private var pointer: OpaquePointer
}

extension NSObject: Equatable, Hashable {
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
