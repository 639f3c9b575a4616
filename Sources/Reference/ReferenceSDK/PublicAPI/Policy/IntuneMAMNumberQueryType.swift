/// `IntuneMAMNumberQueryType`: how `numberValue(forKey:queryType:)` resolves conflicting values (CFG-03).
public enum IntuneMAMNumberQueryType: Int, Sendable, CaseIterable {
    /// `IntuneMAMNumberAny`: any one of the values (the simulation: the first delivered).
    case any = 0
    /// `IntuneMAMNumberMin`: the smallest.
    case min = 1
    /// `IntuneMAMNumberMax`: the largest.
    case max = 2
}
