import AdapterProtocol
@testable import ConformanceCore
import Testing

@Suite struct MatcherTests {
    /// A schema with the members these tests use, as the protocol types give it.
    let schema: WireSchema = .object(name: "Test", properties: [
        WireProperty(name: "ready", schema: .bool, required: false, nullable: false),
        WireProperty(name: "accountIds", schema: .array(.identity(.accountId)), required: false, nullable: true),
        WireProperty(name: "accountId", schema: .identity(.accountId), required: false, nullable: true),
        WireProperty(name: "upn", schema: .identity(.upn), required: false, nullable: true),
        WireProperty(name: "status", schema: .string, required: false, nullable: false),
        WireProperty(name: "code", schema: .integer, required: false, nullable: false),
    ])

    @Test func partialObjectsIgnoreUnlistedKeys() {
        let actual: JSONValue = ["ready": true, "launched": true, "extra": [1, 2]]
        #expect(Matcher.mismatch(expected: ["ready": true], actual: actual, schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["ready": false], actual: actual, schema: schema) == "ready: expected false, got true")
    }

    @Test func listsMatchInAnyOrderButWithTheSameNumberOfElements() {
        let actual: JSONValue = ["accountIds": ["a", "b"]]
        #expect(Matcher.mismatch(expected: ["accountIds": ["a", "b"]], actual: actual, schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["b", "a"]], actual: actual, schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["a"]], actual: actual, schema: schema) != nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["a", "c"]], actual: actual, schema: schema)
                == "accountIds: no element matches \"c\" (in any order), got [\"a\",\"b\"]")
    }

    @Test func anOrderedListKeepsItsOrder() {
        let actual: JSONValue = ["accountIds": ["a", "b"]]
        #expect(Matcher.mismatch(expected: ["accountIds": .ordered(["a", "b"])], actual: actual, schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["accountIds": .ordered(["b", "a"])], actual: actual, schema: schema)
                == "accountIds[0]: expected \"b\", got \"a\"")
    }

    @Test func eachExpectedElementTakesADifferentActualOne() {
        let actual: JSONValue = ["accountIds": ["a", "b"]]
        #expect(Matcher.mismatch(expected: ["accountIds": ["a", "a"]], actual: actual, schema: schema) != nil)
        #expect(Matcher.mismatch(expected: ["accountIds": ["A", "b"]], actual: actual, schema: schema) == nil, "identities still ignore case")
    }

    @Test func partialElementsFindTheOnePairingThatWorksWhateverTheirOrder() {
        // The first expected element fits both accounts, the second only the first: pairing the first with the
        // first account would leave the second nothing.
        let snapshot = RunnerMethod.appState.resultSchema
        let actual: JSONValue = ["signedInAccounts": [["accountId": "a", "upn": "a@x.example"], ["accountId": "b", "upn": "b@x.example"]]]
        let expected: Expected = ["signedInAccounts": [["upn": .present], ["accountId": "A"]]]
        #expect(Matcher.mismatch(expected: expected, actual: actual, schema: snapshot) == nil)
    }

    @Test func anAbsentAccountKeyedObjectReadsAsAnEmptyOne() {
        // `app.state` leaves `preferences` out when the app keeps none.
        let snapshot = RunnerMethod.appState.resultSchema
        #expect(Matcher.mismatch(expected: ["preferences": ["abc": .absent]], actual: ["ready": true], schema: snapshot) == nil)
        #expect(Matcher.mismatch(expected: ["preferences": ["abc": .absent]], actual: ["preferences": .null], schema: snapshot) == nil)
        #expect(Matcher.mismatch(expected: ["preferences": ["abc": ["theme"]]], actual: ["ready": true], schema: snapshot)
                == "preferences.abc: expected an array, got nothing")
        #expect(Matcher.mismatch(expected: ["ready": ["abc": .absent]], actual: [:], schema: schema)
                == "ready: expected an object, got nothing", "only account-keyed objects")
    }

    @Test func identitiesIgnoreCaseByTypeWhereverTheyAppear() {
        let snapshot = RunnerMethod.appState.resultSchema
        let actual: JSONValue = ["signedInAccounts": [["accountId": "ABC", "upn": "A@X.example"]], "data": ["ABC": ["n.txt"]]]
        #expect(Matcher.mismatch(expected: ["signedInAccounts": [["accountId": "abc", "upn": "a@x.example"]]], actual: actual, schema: snapshot) == nil)
        #expect(Matcher.mismatch(expected: ["data": ["abc": ["n.txt"]]], actual: actual, schema: snapshot) == nil)
        #expect(Matcher.mismatch(expected: ["data": ["abc": ["N.txt"]]], actual: actual, schema: snapshot) == "data.abc[0]: expected \"N.txt\", got \"n.txt\"")
        let identity = RunnerMethod.sdkIdentity.resultSchema
        #expect(Matcher.mismatch(expected: ["process": "abc", "ui": "abc"], actual: ["process": "ABC", "ui": "Abc", "thread": .null], schema: identity) == nil)
    }

    @Test func accountIdentitiesIgnoreCaseButOtherStringsDoNot() {
        #expect(Matcher.mismatch(expected: ["accountId": "ABC-def"], actual: ["accountId": "abc-DEF"], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["upn": "Alice@Contoso.example"], actual: ["upn": "alice@contoso.example"], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["status": "Enrolled"], actual: ["status": "enrolled"], schema: schema) != nil)
    }

    @Test func nullMatchesMissingAndNull() {
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: ["accountId": nil], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: [:], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["accountId": nil], actual: ["accountId": "x"], schema: schema) != nil)
    }

    @Test func numbersCompareByValue() {
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": 100.0], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": 101], schema: schema) != nil)
        #expect(Matcher.mismatch(expected: ["code": 100], actual: ["code": "100"], schema: schema) != nil)
    }

    @Test func eventPatternsSelectByKindAndName() {
        let event = ObservedEvent(sequence: 1, method: EventMethod.status.rawValue, params: [
            "request": "enrollment", "status": "enrolled", "code": 100, "accountId": "A1",
        ], elapsed: .zero)
        #expect(Matcher.matches(EventPattern(selector: .status(.enrolled), fields: ["accountId": "a1"]), event))
        #expect(!Matcher.matches(EventPattern(selector: .status(.enrolled), fields: ["request": "policy"]), event))
        #expect(!Matcher.matches(EventPattern(selector: .status(.notTargeted)), event))
        #expect(!Matcher.matches(EventPattern(selector: .ui(.pinSetup)), event))
        let question = ObservedEvent(sequence: 2, method: Question.restartApplication.rawValue, params: [:], elapsed: .zero)
        #expect(Matcher.matches(EventPattern(selector: .question(.restartApplication)), question))
    }

    @Test func aStatusPatternMayNameSeveralStatusesOrNone() {
        let event = ObservedEvent(sequence: 1, method: EventMethod.status.rawValue, params: [
            "request": "policy", "status": "timeout", "code": 216, "didSucceed": false,
        ], elapsed: .zero)
        #expect(Matcher.matches(EventPattern(selector: .statuses([.networkFailure, .timeout])), event))
        #expect(!Matcher.matches(EventPattern(selector: .statuses([.networkFailure, .internalError])), event))
        #expect(Matcher.matches(EventPattern(selector: .statuses([]), fields: ["didSucceed": false]), event))
        #expect(!Matcher.matches(EventPattern(selector: .statuses([]), fields: ["didSucceed": true]), event))
        let notification = ObservedEvent(sequence: 2, method: EventMethod.notification.rawValue, params: ["name": "policy-changed"], elapsed: .zero)
        #expect(!Matcher.matches(EventPattern(selector: .statuses([])), notification))
        #expect(EventSelector.statuses([.networkFailure, .timeout]).description == "status network-failure or timeout")
        #expect(EventSelector.statuses([]).description == "any status")
    }
}
