@testable import ConformanceCore
import Testing

/// The scheduling window alone: cases launched in plan order, never more than the limit in flight, results
/// judged in plan order whatever order they finish in, and a stop that turns every case not yet judged into
/// "not run", as a serial run would have reported it.
@Suite struct PlanOrderWindowTests {
    typealias Window = PlanOrderWindow<String, String>

    static func describe(_ entry: Window.Entry) -> String {
        switch entry {
        case .finished(let index, let value): return "\(index) \(value)"
        case .stopped(let index, let reason): return "\(index) not run: \(reason)"
        }
    }

    static func drain(_ window: inout Window) -> [String] {
        var out: [String] = []
        while let entry = window.next() { out.append(describe(entry)) }
        return out
    }

    @Test func resultsThatFinishBeforeAnEarlierCaseAreHeldUntilItIsJudged() {
        var window = Window(count: 4)
        var launched: [Int] = []
        while let index = window.launch(limit: 4) { launched.append(index) }
        #expect(launched == [0, 1, 2, 3])
        for index in [3, 1, 2] { window.finish(index, "ran") }
        #expect(Self.drain(&window).isEmpty, "case 0 has not finished")
        window.finish(0, "ran")
        #expect(Self.drain(&window) == ["0 ran", "1 ran", "2 ran", "3 ran"])
        #expect(window.isDone)
    }

    /// Finishing orders: each entry names which of the cases in flight finishes next (by position among them).
    @Test(arguments: [
        (1, 5, [0, 0, 0, 0, 0]),
        (2, 6, [1, 0, 1, 1, 0, 0]),
        (3, 7, [2, 2, 0, 1, 2, 1, 0]),
        (4, 9, [3, 2, 1, 0, 3, 0, 2, 1, 0]),
    ])
    func neverHasMoreThanItsLimitInFlightAndLaunchesInPlanOrder(limit: Int, count: Int, finishing: [Int]) {
        var window = Window(count: count)
        var inFlight: [Int] = []
        var launched: [Int] = []
        var judged: [String] = []
        var order = finishing[...]
        while !window.isDone {
            judged += Self.drain(&window)
            while let index = window.launch(limit: limit) {
                launched.append(index)
                inFlight.append(index)
                #expect(inFlight.count <= limit, "\(inFlight.count) in flight with limit \(limit)")
                #expect(window.running == inFlight.count)
            }
            guard let pick = order.popFirst() else { break }
            let index = inFlight.remove(at: min(pick, inFlight.count - 1))
            window.finish(index, "ran")
        }
        judged += Self.drain(&window)
        #expect(launched == Array(0..<count))
        #expect(judged == (0..<count).map { "\($0) ran" })
    }

    @Test func launchesNothingMoreThanTheLimitItIsGivenNow() {
        var window = Window(count: 3)
        #expect(window.launch(limit: 1) == 0)
        #expect(window.launch(limit: 1) == nil, "one case at a time until the integration is known")
        #expect(window.launch(limit: 3) == 1, "a larger limit launches more")
    }

    @Test func aStopMidWindowReportsCasesStartedOrHeldAfterItAsNotRun() {
        var window = Window(count: 5)
        while window.launch(limit: 3) != nil {}
        window.finish(1, "ran")
        window.finish(0, "broke")
        #expect(Self.describe(window.next()!) == "0 broke")
        window.stop("the adapter broke 1 cases in a row")
        window.stop("a later reason")
        #expect(window.launch(limit: 3) == nil, "nothing is launched after a stop")
        #expect(Self.drain(&window) == [
            "1 not run: the adapter broke 1 cases in a row", "2 not run: the adapter broke 1 cases in a row",
            "3 not run: the adapter broke 1 cases in a row", "4 not run: the adapter broke 1 cases in a row",
        ])
        #expect(window.isDone)
        window.finish(2, "ran late")
        #expect(window.next().map(Self.describe) == nil, "a case that finishes after it was reported not run changes nothing")
        #expect(window.running == 0)
    }

    @Test func aWindowStoppedBeforeItsFirstCaseLaunchesNothing() {
        var window = Window(count: 2)
        window.stop("backend unreachable")
        #expect(window.launch(limit: 4) == nil)
        #expect(Self.drain(&window) == ["0 not run: backend unreachable", "1 not run: backend unreachable"])
    }
}
