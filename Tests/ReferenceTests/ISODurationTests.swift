@testable import ReferenceSDK
import Testing

/// Policy periods arrive as ISO 8601 durations (Graph's `periodOnlineBeforeAccessCheck`, …).
@Suite struct ISODurationTests {
    @Test(arguments: [
        ("PT30M", 1_800.0), ("PT0S", 0), ("P1D", 86_400), ("P1DT12H", 129_600), ("PT1H30M15S", 5_415), ("PT0.5S", 0.5),
    ] as [(String, Double)])
    func aDurationIsReadInSeconds(text: String, seconds: Double) {
        #expect(ISODuration.seconds(text) == seconds)
    }

    @Test(arguments: ["", "P", "PT", "30M", "PT30", "P30M", "PT1D", "P1Y", "-PT30M", "PT30MX", "PTT1H"])
    func anythingElseIsRefused(text: String) {
        #expect(ISODuration.seconds(text) == nil)
    }
}
