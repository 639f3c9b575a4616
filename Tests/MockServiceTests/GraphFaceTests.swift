import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Graph face")
struct GraphFaceTests {
    @Test("group, member, policy, targetApps and assign, read back with $expand")
    func arrangePolicy() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()

            let group = try await backend.json(
                "POST", tenant.graph + "/groups",
                ["displayName": "harness-group", "mailEnabled": false, "mailNickname": "harness", "securityEnabled": true],
                bearer: admin)
            #expect(group.status == 201)
            let groupId = try #require(group["id"]?.stringValue)
            #expect(group["displayName"] == "harness-group")

            let memberRef = tenant.graph + "/groups/\(groupId)/members/$ref"
            let reference: JSONValue = ["@odata.id": .string("https://graph.microsoft.com/v1.0/directoryObjects/\(tenant.objectId("bob"))")]
            #expect(try await backend.json("POST", memberRef, reference, bearer: admin).status == 204)
            let again = try await backend.json("POST", memberRef, reference, bearer: admin)
            #expect(again.status == 400, "adding a member twice is refused, as Graph does")
            let ghost: JSONValue = ["@odata.id": "https://graph.microsoft.com/v1.0/directoryObjects/00000000-0000-0000-0000-000000000000"]
            #expect(try await backend.json("POST", memberRef, ghost, bearer: admin).status == 404)

            let created = try await backend.json(
                "POST", tenant.graph + "/deviceAppManagement/iosManagedAppProtections",
                [
                    "@odata.type": "#microsoft.graph.iosManagedAppProtection", "displayName": "harness-ios-app",
                    "pinRequired": true, "minimumPinLength": 4, "periodOfflineBeforeWipeIsEnforced": "P90D",
                    "allowedDataStorageLocations": ["oneDriveForBusiness", "sharePoint"],
                ], bearer: admin)
            #expect(created.status == 201)
            let policyId = try #require(created["id"]?.stringValue)
            #expect(created["version"] == "1")
            #expect(created["minimumPinLength"] == 4)
            #expect(created["isAssigned"] == false)

            // The bound actions, once with the microsoft.graph. prefix.
            let base = tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)"
            let targeted = try await backend.json(
                "POST", base + "/microsoft.graph.targetApps",
                ["apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": "com.contoso.harnessapp"]]],
                 "appGroupType": "selectedPublicApps"], bearer: admin)
            #expect(targeted.status == 204)
            let assigned = try await backend.json(
                "POST", base + "/assign",
                ["assignments": [["@odata.type": "#microsoft.graph.targetedManagedAppPolicyAssignment",
                                  "target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId)]]]],
                bearer: admin)
            #expect(assigned.status == 204)

            let listed = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/iosManagedAppProtections?$expand=apps,assignments", bearer: admin)
            let policy = try #require(listed["value"]?.arrayValue?.first)
            #expect(policy["id"] == .string(policyId))
            #expect(policy["isAssigned"] == true)
            #expect(policy["apps"]?.arrayValue?.first?["mobileAppIdentifier"]?["bundleId"] == "com.contoso.harnessapp")
            #expect(policy["assignments"]?.arrayValue?.first?["target"]?["groupId"] == .string(groupId))

            let single = try await backend.json("GET", base, bearer: admin)
            #expect(single["displayName"] == "harness-ios-app")
            #expect(single["apps"] == nil, "navigation properties appear only with $expand")
        }
    }

    @Test("PATCH raises the version and merges settings")
    func patchBumpsVersion() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let url = tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)"
            #expect(try await backend.json("PATCH", url, ["minimumPinLength": 6], bearer: admin).status == 204)
            let read = try await backend.json("GET", url, bearer: admin)
            #expect(read["version"] == "2")
            #expect(read["minimumPinLength"] == 6)
            #expect(read["pinRequired"] == true)
        }
    }

    @Test("a group created with members@odata.bind has those members at once")
    func groupCreatedWithMembers() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let group = try await backend.json(
                "POST", tenant.graph + "/groups",
                ["displayName": "bound", "mailEnabled": false, "mailNickname": "bound", "securityEnabled": true,
                 "members@odata.bind": [
                    .string("https://graph.microsoft.com/v1.0/users/\(tenant.objectId("alice"))"),
                    .string("https://graph.microsoft.com/v1.0/directoryObjects/\(tenant.objectId("bob"))"),
                 ]],
                bearer: admin)
            #expect(group.status == 201, "\(group.text)")
            #expect(group["members@odata.bind"] == nil, "the binding is not kept as a property")
            let groupId = try #require(group["id"]?.stringValue)
            let memberRef = tenant.graph + "/groups/\(groupId)/members/$ref"
            for alias in ["alice", "bob"] {
                let again = try await backend.json(
                    "POST", memberRef, ["@odata.id": .string("https://graph.microsoft.com/v1.0/directoryObjects/\(tenant.objectId(alias))")],
                    bearer: admin)
                #expect(again.status == 400, "\(alias) is a member already: \(again.text)")
            }
            let carol: JSONValue = ["@odata.id": .string("https://graph.microsoft.com/v1.0/directoryObjects/\(tenant.objectId("carol"))")]
            #expect(try await backend.json("POST", memberRef, carol, bearer: admin).status == 204, "carol was not bound")
        }
    }

    /// Bindings Graph refuses, with the status it answers; `nil` for the aliases sends one URL, not an array.
    @Test("a group whose members@odata.bind Graph would refuse is not created", arguments: [
        (["nobody"], 404),
        (["alice", "alice"], 400),
        (Array(repeating: "alice", count: 21), 400),
        (nil, 400),
    ] as [([String]?, Int)])
    func refusedMemberBinding(aliases: [String]?, status: Int) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let before = try #require(try await backend.json("GET", tenant.graph + "/groups", nil, bearer: admin)["value"]?.arrayValue?.count)
            let binding: JSONValue = aliases.map { aliases in
                .array(aliases.map { alias in
                    let objectId = alias == "nobody" ? "00000000-0000-0000-0000-000000000000" : tenant.objectId(alias)
                    return .string("https://graph.microsoft.com/v1.0/users/\(objectId)")
                })
            } ?? .string("https://graph.microsoft.com/v1.0/users/\(tenant.objectId("alice"))")
            let answer = try await backend.json(
                "POST", tenant.graph + "/groups", ["displayName": "refused", "members@odata.bind": binding], bearer: admin)
            #expect(answer.status == status, "\(answer.text)")
            #expect(answer["error"]?["message"]?.stringValue != nil)
            let after = try await backend.json("GET", tenant.graph + "/groups", nil, bearer: admin)
            #expect(after["value"]?.arrayValue?.count == before, "no group is made")
        }
    }

    @Test("malformed bodies get Graph-style 400s", arguments: [
        "not json",
        "[1,2]",
        #"{"pinRequired": true}"#,
        #"{"displayName": "x", "pinRequired": "yes"}"#,
        #"{"displayName": "x", "minimumPinLength": 4.5}"#,
        #"{"displayName": "x", "periodOnlineBeforeAccessCheck": "30 minutes"}"#,
        #"{"displayName": "x", "appDataEncryptionType": "sometimes"}"#,
        #"{"displayName": "x", "noSuchSetting": 1}"#,
        ##"{"displayName": "x", "@odata.type": "#microsoft.graph.androidManagedAppProtection"}"##,
        #"{"displayName": "x", "apps": []}"#,
    ])
    func malformedPolicy(body: String) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let answer = try await backend.raw(
                .json("POST", tenant.graph + "/deviceAppManagement/iosManagedAppProtections", body: Data(body.utf8), bearer: admin))
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["error"]?["code"] == "invalidRequest")
            #expect(answer["error"]?["message"]?.stringValue != nil)
        }
    }

    @Test("groups and catalogue apps can be listed, read and deleted, and a deleted one answers 404")
    func groupsAndAppsLifecycle() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let before = try await backend.json("GET", tenant.graph + "/groups", nil, bearer: admin)
            #expect(before.status == 200)
            let count = try #require(before["value"]?.arrayValue?.count)
            let group = try await backend.json(
                "POST", tenant.graph + "/groups",
                ["displayName": "doomed", "mailEnabled": false, "mailNickname": "doomed", "securityEnabled": true], bearer: admin)
            let groupId = try #require(group["id"]?.stringValue)
            let listed = try await backend.json("GET", tenant.graph + "/groups", nil, bearer: admin)
            #expect(listed["value"]?.arrayValue?.count == count + 1)
            #expect(listed["@odata.context"]?.stringValue?.hasSuffix("#groups") == true)
            let read = try await backend.json("GET", tenant.graph + "/groups/\(groupId)", nil, bearer: admin)
            #expect(read.status == 200)
            #expect(read["displayName"] == "doomed")
            #expect(try await backend.json("DELETE", tenant.graph + "/groups/\(groupId)", nil, bearer: admin).status == 204)
            let gone = try await backend.json("GET", tenant.graph + "/groups/\(groupId)", nil, bearer: admin)
            #expect(gone.status == 404)
            #expect(gone["error"]?["code"] == "Request_ResourceNotFound", "Entra's code for a missing directory object")
            #expect(try await backend.json("DELETE", tenant.graph + "/groups/\(groupId)", nil, bearer: admin).status == 404)

            let app = try await backend.json(
                "POST", tenant.graph + "/deviceAppManagement/mobileApps",
                ["@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "Harness", "bundleId": "com.contoso.harness",
                 "appStoreUrl": "https://apps.apple.com/app/id1", "applicableDeviceType": ["iPad": true, "iPhoneAndIPod": true],
                 "minimumSupportedOperatingSystem": ["v15_0": true]], bearer: admin)
            #expect(app.status == 201, "\(app.text)")
            let appId = try #require(app["id"]?.stringValue)
            let apps = tenant.graph + "/deviceAppManagement/mobileApps/\(appId)"
            #expect(try await backend.json("DELETE", apps, nil, bearer: admin).status == 204)
            #expect(try await backend.json("GET", apps, nil, bearer: admin).status == 404)
            #expect(try await backend.json("DELETE", apps, nil, bearer: admin).status == 404)
        }
    }

    @Test("long lists are paged: 100 per page by default, $top sets the size, nextLink carries an opaque skip token")
    func paging() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let existing = try #require(try await backend.json("GET", tenant.graph + "/groups?$top=999", nil, bearer: admin)["value"]?.arrayValue?.count)
            for index in 0..<(250 - existing) {
                let created = try await backend.json(
                    "POST", tenant.graph + "/groups",
                    ["displayName": .string("group-\(index)"), "mailEnabled": false, "mailNickname": .string("g\(index)"), "securityEnabled": true],
                    bearer: admin)
                try #require(created.status == 201)
            }
            var ids: [String] = []
            var pages: [Int] = []
            var next: String? = tenant.graph + "/groups"
            while let page = next {
                let answer = try await backend.json("GET", page, nil, bearer: admin)
                try #require(answer.status == 200, "\(answer.text)")
                let value = try #require(answer["value"]?.arrayValue)
                pages.append(value.count)
                ids += value.compactMap { $0["id"]?.stringValue }
                next = answer["@odata.nextLink"]?.stringValue
                #expect(next.map { $0.hasPrefix("http://") && $0.contains("$skiptoken=") } ?? true)
            }
            #expect(pages == [100, 100, 50])
            #expect(ids.count == 250 && Set(ids).count == 250, "every group once, none twice")

            let five = try await backend.json("GET", tenant.graph + "/groups?$top=5", nil, bearer: admin)
            #expect(five["value"]?.arrayValue?.count == 5)
            let link = try #require(five["@odata.nextLink"]?.stringValue)
            #expect(link.contains("$top=5"))
            let second = try await backend.json("GET", link, nil, bearer: admin)
            #expect(second["value"]?.arrayValue?.first?["id"]?.stringValue == ids[5])

            for bad in ["$top=1000", "$top=0", "$top=ten", "$skiptoken=garbage", "$skiptoken=bWFtY29uZi1wYWdlOjk5OTk"] {
                let refused = try await backend.json("GET", tenant.graph + "/groups?\(bad)", nil, bearer: admin)
                #expect(refused.status == 400, "\(bad) → \(refused.status)")
                #expect(refused["error"]?["code"]?.stringValue != nil)
            }
        }
    }

    @Test("unknown ids answer 404; bad action bodies answer 400")
    func unknownIds() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let missing = tenant.graph + "/deviceAppManagement/iosManagedAppProtections/00000000-0000-0000-0000-000000000000"
            let patch = try await backend.json("PATCH", missing, ["minimumPinLength": 6], bearer: admin)
            #expect(patch.status == 404)
            #expect(patch["error"]?["code"] == "itemNotFound")
            #expect(try await backend.json("POST", missing + "/assign", ["assignments": []], bearer: admin).status == 404)
            #expect(try await backend.json("POST", tenant.graph + "/groups/nope/members/$ref", ["@odata.id": "x/y"], bearer: admin).status == 404)
            let wipe = try await backend.json(
                "POST", tenant.graph + "/users/nobody/wipeManagedAppRegistrationsByDeviceTag", ["deviceTag": "t"], bearer: admin)
            #expect(wipe.status == 404)

            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let base = tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)"
            #expect(try await backend.json("POST", base + "/targetApps", ["apps": "all"], bearer: admin).status == 400)
            #expect(try await backend.json("POST", base + "/assign", ["assignments": [["target": ["groupId": "ghost"]]]], bearer: admin).status == 400)
            #expect(try await backend.json("POST", tenant.graph + "/groups", ["mailEnabled": false], bearer: admin).status == 400)
        }
    }
}
