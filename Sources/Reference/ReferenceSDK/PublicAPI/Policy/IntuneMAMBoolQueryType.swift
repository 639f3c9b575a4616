/// `IntuneMAMBoolQueryType`: how `boolValue(forKey:queryType:)` resolves conflicting values (CFG-03).
public enum IntuneMAMBoolQueryType: Int, Sendable, CaseIterable {
    /// `IntuneMAMBoolAny`: any one of the values (the simulation: the first delivered).
    case any = 0
    /// `IntuneMAMBoolOr`: true when any value is true.
    case or = 1
    /// `IntuneMAMBoolAnd`: false when any value is false.
    case and = 2
}
