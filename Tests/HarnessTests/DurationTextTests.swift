import AdapterProtocol
import ConformanceCore
import Foundation
import Testing

/// Durations print as the reports always printed seconds: the console's `%.2f`, the transcript's `%8.3f`, the
/// failure messages' `%.3f`, limits as whole seconds or with one decimal, JUnit's `time=` from the seconds.
@Suite struct DurationTextTests {
    @Test(arguments: [
        (Duration.zero, 2, 0, "0.00"), (.milliseconds(1234), 2, 0, "1.23"), (.milliseconds(1235), 3, 0, "1.235"),
        (.seconds(0.0005), 3, 0, "0.001"), (.seconds(3600), 2, 0, "3600.00"), (.milliseconds(1250), 3, 8, "   1.250"),
        (.seconds(123_456), 3, 8, "123456.000"), (.nanoseconds(1), 3, 0, "0.000"),
    ])
    func secondsPrintWithTheGivenDecimalsAndWidth(duration: Duration, decimals: Int, width: Int, text: String) {
        #expect(duration.seconds(decimals: decimals, width: width) == text)
    }

    @Test(arguments: [(Duration.seconds(10), "10"), (.milliseconds(2500), "2.5"), (.milliseconds(500), "0.5"),
                      (.zero, "0"), (.milliseconds(1250), "1.2"), (.seconds(600), "600")])
    func aLimitPrintsWholeSecondsBareAndOthersWithOneDecimal(duration: Duration, text: String) {
        #expect(duration.limitText == text)
    }

    @Test(arguments: [0.0, 0.25, 1.5, 2.001, 86_400, 315_576_000])
    func secondsSurviveTheTripThroughDuration(seconds: Double) {
        #expect(Duration.seconds(seconds).inSeconds == seconds)
        #expect(Duration.seconds(seconds).seconds(decimals: 3) == String(format: "%.3f", seconds))
    }

    @Test func anAdapterTimeoutQuotesItsLimitAsBefore() {
        #expect(AdapterFault.timeout(method: "sync", after: .seconds(30)).description == "adapter did not answer sync within 30 s")
        #expect(AdapterFault.notReading(after: .milliseconds(2500)).description
            == "adapter stopped reading its input (a write made no progress for 2.5 s)")
    }
}
