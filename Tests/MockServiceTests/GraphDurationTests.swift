@testable import MockMAMService
import Testing

/// The mock takes an Edm.Duration only in the shape the Graph subset's pattern gives, the whole text and nothing after it.
@Suite struct GraphDurationTests {
    @Test(arguments: [
        ("P1D", true), ("PT12H", true), ("PT30M", true), ("PT1.5S", true), ("-P1DT2H3M4S", true), ("P0D", true),
        ("", false), ("1D", false), ("P1.5D", false), ("P1H", false), ("xP1D", false), ("P1Dx", false),
        ("P1D\n", false), ("\nP1D", false), ("PT1.S", false), ("p1d", false),
    ])
    func aDurationMatchesThePatternAsAWhole(text: String, valid: Bool) {
        #expect(GraphPropertyType.isDuration(text) == valid)
    }
}
