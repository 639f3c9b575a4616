// mamconf's type-checking stand-in for the Swift overlay of `Foundation` on iOS: the bridging conformances that
// make the importer give Objective-C APIs their iOS Swift types (`NSString *` → `String`, `NSArray<T> *` → `[T]`,
// `NSError **` → `throws`, …) and the value types the binding uses. The value types themselves (`Data`, `Date`,
// `URL`, `JSONEncoder`, …) are the toolchain's own `FoundationEssentials`, which iOS's Foundation also has.
//
// Only ever type-checked (`make check-binding` emits this module and never links it): the bridging bodies trap.
@_exported import Foundation
@_exported import FoundationEssentials

/// Bodies of the bridging witnesses: this module exists for the type checker only and is never linked.
@usableFromInline
func typeCheckingOnly() -> Never {
    fatalError("mamconf's Apple-SDK stand-in is for type-checking only")
}

extension String: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { typeCheckingOnly() }
}

extension Array: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSArray { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSArray, result: inout Array?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSArray, result: inout Array?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSArray?) -> Array { typeCheckingOnly() }
}

extension Dictionary: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSDictionary { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSDictionary, result: inout Dictionary?) {
        typeCheckingOnly()
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSDictionary, result: inout Dictionary?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSDictionary?) -> Dictionary {
        typeCheckingOnly()
    }
}

extension Set: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSSet { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSSet, result: inout Set?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSSet, result: inout Set?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSSet?) -> Set { typeCheckingOnly() }
}

extension Data: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSData { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSData, result: inout Data?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSData, result: inout Data?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSData?) -> Data { typeCheckingOnly() }
}

extension Date: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSDate { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSDate, result: inout Date?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSDate, result: inout Date?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSDate?) -> Date { typeCheckingOnly() }
}

extension URL: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSURL { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSURL, result: inout URL?) { typeCheckingOnly() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSURL, result: inout URL?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSURL?) -> URL { typeCheckingOnly() }
}

/// `NSError` is an `Error` (what `NSError **` out-parameters become in a `throws` import).
extension NSError: Error {}

/// `NSNotificationCenter`'s Swift name on iOS. Spelt here rather than in the header because the toolchain's
/// `FoundationEssentials` has a `NotificationCenter` of its own: a declaration of this overlay shadows it, one of
/// the underlying Objective-C module would be ambiguous with it.
public typealias NotificationCenter = NSNotificationCenter

/// The value type `NSNotification` bridges to on iOS.
public struct Notification: Hashable, Sendable {
    public typealias Name = NSNotification.Name
    public var name: Name
    public nonisolated(unsafe) var object: Any?
    public nonisolated(unsafe) var userInfo: [AnyHashable: Any]?

    public init(name: Name, object: Any? = nil, userInfo: [AnyHashable: Any]? = nil) {
        self.name = name
        self.object = object
        self.userInfo = userInfo
    }

    public static func == (lhs: Notification, rhs: Notification) -> Bool { typeCheckingOnly() }
    public func hash(into hasher: inout Hasher) { typeCheckingOnly() }
}

extension Notification: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNotification { typeCheckingOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: NSNotification, result: inout Notification?) {
        typeCheckingOnly()
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNotification, result: inout Notification?) -> Bool {
        typeCheckingOnly()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNotification?) -> Notification {
        typeCheckingOnly()
    }
}
