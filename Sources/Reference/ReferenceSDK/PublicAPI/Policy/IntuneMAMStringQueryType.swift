/// `IntuneMAMStringQueryType`: how `stringValue(forKey:queryType:)` resolves conflicting values (CFG-03).
public enum IntuneMAMStringQueryType: Int, Sendable, CaseIterable {
    /// `IntuneMAMStringAny`: any one of the values (the simulation: the first delivered).
    case any = 0
    /// `IntuneMAMStringMin`: the first in alphabetical (code point) order.
    case min = 1
    /// `IntuneMAMStringMax`: the last in alphabetical (code point) order.
    case max = 2
}
