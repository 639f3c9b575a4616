import AdapterProtocol
/// An Entra security group of a mock tenant; policies are assigned to groups, so membership decides targeting.
struct MockGroup: Sendable, Codable {
    let id: String
    let displayName: String
    /// The other properties the group was created with (`mailNickname`, `securityEnabled`, …), echoed back.
    let properties: [String: JSONValue]
    let createdDateTime: String
    /// Member object ids, in the order they were added.
    var memberIds: [String]

    func hasMember(_ objectId: String) -> Bool {
        memberIds.contains { $0.caseInsensitiveCompare(objectId) == .orderedSame }
    }

    /// The group as Graph returns it.
    func graphObject() -> JSONValue {
        var object = properties
        object["id"] = .string(id)
        object["displayName"] = .string(displayName)
        object["createdDateTime"] = .string(createdDateTime)
        return .object(object)
    }
}
