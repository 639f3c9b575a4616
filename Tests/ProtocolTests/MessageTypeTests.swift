import AdapterProtocol
import Testing

/// The message types are the protocol's single source of truth: their schemas, encodings and decoding
/// errors are what every other part of mamconf (and every vendor) relies on.
struct MessageTypeTests {
    @Test func aSchemaIsReadOffTheDecodableTypeWithRequiredAndNullableMembers() {
        let schema = WireSchema.of(SignInResult.self)
        #expect(schema.property("accountId") == WireProperty(name: "accountId", schema: .identity(.accountId), required: false, nullable: true))
        #expect(schema.property("refused")?.schema == SignInRefusal.wireSchema)
        let deregister = WireSchema.of(DeregisterParams.self)
        #expect(deregister.property("accountId")?.required == true)
        #expect(deregister.property("wipe")?.schema == .bool)
    }

    @Test func nestedArraysMapsAndIdentityKeysAreRecorded() {
        let snapshot = WireSchema.of(AppSnapshot.self)
        #expect(snapshot.property("signedInAccounts")?.schema == .array(WireSchema.of(SignedInAccount.self)))
        #expect(snapshot.property("data")?.schema == .map(.array(.string), identityKeys: true))
        #expect(WireSchema.of(AppConfigResult.self).property("fullData")?.schema == .array(.map(.string, identityKeys: false)))
        #expect(WireSchema.of(AppSettings.self).property("MultiIdentity")?.schema == .bool)
    }

    @Test func encodingWritesNilOptionalsAsExplicitNulls() {
        let value = JSONValue(encoding: EnrolledAccountResult(accountId: nil))
        #expect(value == ["accountId": .null])
        #expect(JSONValue(encoding: AppSettings()) == [:])
    }

    @Test(arguments: [
        (["accountId": 42, "wipe": true] as JSONValue, "parameter \"accountId\" must be a string"),
        (["accountId": "a"] as JSONValue, "parameter \"wipe\" is missing"),
        (["accountId": "a", "wipe": .null] as JSONValue, "parameter \"wipe\" must be a boolean, not null"),
    ])
    func decodingErrorsNameTheMember(params: JSONValue, message: String) {
        #expect(throws: RPCError(.invalidParams, message)) { try params.params(DeregisterParams.self) }
    }

    @Test func decodingErrorsInsideArraysNameTheIndex() throws {
        let value: JSONValue = ["signedInAccounts": [["accountId": "a", "upn": "u"], ["accountId": 1, "upn": "u"]]]
        do {
            _ = try value.decode(as: AppSnapshot.self)
            Issue.record("decoded a bad snapshot")
        } catch {
            #expect(error.path == "signedInAccounts[1].accountId" || error.path == "launched", "\(error)")
        }
    }

    @Test func identitiesCompareIgnoringCase() {
        #expect(AccountID("ABC-def") == AccountID("abc-DEF"))
        #expect(Set([AccountID("X"), AccountID("x")]).count == 1)
    }

    @Test func theValidatorRejectsUnknownMembersWithASuggestion() {
        let problems = RunnerMethod.sdkEnrolledAccount.resultSchema.violations(of: ["acountId": .null])
        #expect(problems.map(\.description) == ["acountId: unknown member (known: accountId); did you mean 'accountId'?"])
    }

    @Test func theValidatorChecksClosedSetsTypesAndNulls() {
        let schema = EventMethod.status.paramsSchema
        let good: JSONValue = ["request": "enrollment", "status": "enrolled", "code": 100, "accountId": "a", "upn": "u", "didSucceed": true, "errorString": .null]
        #expect(schema.violations(of: good).isEmpty)
        var bad = good.objectValue!
        bad["status"] = "enroled"
        bad["code"] = 1.5
        bad["didSucceed"] = .null
        let problems = schema.violations(of: .object(bad)).map(\.description)
        #expect(problems.contains { $0.hasPrefix("status: unknown value \"enroled\"") })
        #expect(problems.contains("code: must be a whole number, got 1.5"))
        #expect(problems.contains("didSucceed: must not be null"))
    }
}

struct VersionTests {
    @Test(arguments: [("15.4.0", "16.0"), ("17.5.0", "17.10.0"), ("v19.7", "20.0.0-beta"), ("21.7", "21.7.1")])
    func versionsCompareNumericallyPartByPart(lower: String, higher: String) throws {
        let a = try #require(SDKVersion(lower)), b = try #require(SDKVersion(higher))
        #expect(a < b)
        #expect(!(b < a))
    }

    @Test func equalVersionsIgnoreTrailingZeros() {
        #expect(SDKVersion("17.5") == SDKVersion("17.5.0"))
        #expect(SDKVersion("abc") == nil)
    }

    @Test func aRangeIncludesItsStartAndExcludesItsEnd() {
        let range = SDKVersionRange(from: SDKVersion(16), before: SDKVersion(20))
        #expect(range.contains(SDKVersion(16)))
        #expect(range.contains(SDKVersion(19, 7, 0)))
        #expect(!range.contains(SDKVersion(20)))
        #expect(!range.contains(SDKVersion(15, 4, 0)))
    }

    @Test func sdkCallNamesFollowTheReportedVersion() {
        let api = SDKAPI.registerAndEnrollAccountId
        #expect(api.acceptedNames(sdkVersion: SDKVersion(15, 4, 0)) == ["registerAndEnrollAccount"])
        #expect(api.acceptedNames(sdkVersion: SDKVersion(18, 2, 0)) == ["registerAndEnrollAccountId", "registerAndEnrollAccount"])
        #expect(api.acceptedNames(sdkVersion: SDKVersion(21, 7, 1)) == ["registerAndEnrollAccountId"])
    }

    /// IDS-55: the thread identity's setter is `setCurrentThreadIdentity:` in 15.4.0, both names in 17.5.0 and 19.7.14,
    /// only `setCurrentThreadAccountId:forScope:` from 20.0 (IntuneMAMPolicyManager.h of each release).
    @Test(arguments: [(SDKVersion(15, 4, 0), ["setCurrentThreadIdentity"]),
                      (SDKVersion(17, 5, 0), ["setCurrentThreadAccountId", "setCurrentThreadIdentity"]),
                      (SDKVersion(19, 7, 14), ["setCurrentThreadAccountId", "setCurrentThreadIdentity"]),
                      (SDKVersion(20, 9, 6), ["setCurrentThreadAccountId"])])
    func theThreadIdentitySetterGoesByItsReleasesName(version: SDKVersion, names: [String]) {
        #expect(SDKAPI.setCurrentThreadAccountId.acceptedNames(sdkVersion: version) == names)
    }
}

struct SpellingTests {
    @Test(arguments: [("enroled", "enrolled"), ("acountId", "accountId"), ("polcy-new", "policy-new")])
    func closeNamesAreSuggested(typo: String, intended: String) {
        #expect(Spelling.suggestion(for: typo, among: StatusOutcome.allCases.map(\.rawValue) + ["accountId"]) == intended)
    }

    @Test func farNamesAreNot() {
        #expect(Spelling.suggestion(for: "banana", among: StatusOutcome.allCases.map(\.rawValue)) == nil)
    }
}
