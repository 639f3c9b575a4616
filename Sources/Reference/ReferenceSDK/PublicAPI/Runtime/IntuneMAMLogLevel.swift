/// `IntuneMAMLogLevel`: the level of a line passed to ``IntuneMAMPlatform/log(level:message:)``.
public enum IntuneMAMLogLevel: Int, Sendable, Comparable {
    case verbose = 0
    case info = 1
    case warning = 2
    case error = 3

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
