import Foundation

/// Intune's app configuration tokens (`{{userprincipalname}}`, …), resolved for the device's user.
///
/// Admins set the allowed-accounts keys with tokens, not literal values (`IntuneMAMUPN` = `{{userprincipalname}}`),
/// so the device channel must resolve them or the SDK would see the token text as the allowed account. Tokens the
/// mock does not model are left exactly as written, so a suite sees the gap instead of an empty value.
enum AppConfigTokens {
    /// Replaces the known tokens in `text`; the mock's users have no separate mail, so `{{mail}}` is the UPN.
    static func resolve(_ text: String, user: MockUser, deviceId: String) -> String {
        let known: [String: String] = [
            "userprincipalname": user.upn, "userid": user.objectId, "deviceid": deviceId, "mail": user.upn,
        ]
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += known[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
