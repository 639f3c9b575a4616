import AdapterProtocol
@testable import ConformanceCore
import Testing

@Suite struct MatcherTests {
    @Test func partialObjectsIgnoreUnlistedKeys() {
        let actual: JSONValue = ["ready": true, "launched": true, "extra": [1, 2]]
        #expect(Matcher.mismatch(expected: ["ready": true], actual: actual) == nil)
        #expect(Matcher.mismatch(expected: ["ready": false], actual: actual) == "ready: expected false, got true")
    }

    @Test func arraysMatchExactly() {
        let actual: JSONValue = ["accountIds": ["a", "b"]]
        #expect(Matcher.mismatch(expected: ["accountIds": ["a", "b"]], actual: actual) == nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["a"]], actual: actual) != nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["b", "a"]], actual: actual) != nil)
    }

    @Test func accountIdentitiesIgnoreCaseButOtherStringsDoNot() {
        #expect(Matcher.mismatch(expected: ["accountId": "ABC-def"], actual: ["accountId": "abc-DEF"]) == nil)
        #expect(Matcher.mismatch(expected: ["upn": "Alice@Contoso.example"], actual: ["upn": "alice@contoso.example"]) == nil)
        #expect(Matcher.mismatch(expected: ["status": "Enrolled"], actual: ["status": "enrolled"]) != nil)
    }

    @Test func nullMatchesMissingAndNull() {
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: ["accountId": nil]) == nil)
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: [:]) == nil)
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: ["accountId": "x"]) != nil)
    }

    @Test func numbersCompareByValue() {
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": 100.0]) == nil)
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": 101]) != nil)
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": "100"]) != nil)
    }

    @Test func eventPatternsSelectByKindAndName() {
        let event = ObservedEvent(sequence: 1, method: Method.eventStatus, params: [
            "request": "enrollment", "status": "enrolled", "code": 100, "accountId": "A1",
        ], elapsed: 0)
        #expect(Matcher.matches(EventPattern(selector: .status("enrolled"), fields: ["accountId": "a1"]), event))
        #expect(!Matcher.matches(EventPattern(selector: .status("enrolled"), fields: ["request": "policy"]), event))
        #expect(!Matcher.matches(EventPattern(selector: .status("not-targeted")), event))
        #expect(!Matcher.matches(EventPattern(selector: .ui("enrolled")), event))
        let question = ObservedEvent(sequence: 2, method: Method.delegateRestartApplication, params: [:], elapsed: 0)
        #expect(Matcher.matches(EventPattern(selector: .question(Method.delegateRestartApplication)), question))
    }
}
