/// How a driver names the Graph objects it creates. The mock's tenants are private, so names stay as the
/// fixtures wrote them; a real tenant is shared with people, so every name carries the run's tag
/// (`mamconf-<runId> <label> <name>`) for `mamconf backend-clean` and for whoever reads the portal.
public struct ObjectNaming: Sendable {
    /// Turns a fixture's or step's name into the object's displayName.
    public var displayName: @Sendable (String) -> String
    /// The description a created group carries, if any.
    public var groupDescription: String?

    public init(displayName: @escaping @Sendable (String) -> String, groupDescription: String? = nil) {
        self.displayName = displayName
        self.groupDescription = groupDescription
    }

    /// Names exactly as the fixtures wrote them.
    public static let plain = ObjectNaming(displayName: { $0 })

    /// A group's mail nickname: letters and digits of its display name (Graph refuses spaces), at most 64.
    func mailNickname(_ displayName: String) -> String {
        let nickname = String(displayName.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(64))
        return nickname.isEmpty ? "group" : nickname
    }
}
