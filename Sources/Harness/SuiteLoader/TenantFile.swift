import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// Reads a tenant file (`--tenant-file`): the real accounts a Graph run uses in place of the fixtures' users.
///
/// ```yaml
/// accounts:
///   alice: {upn: alice@contoso.onmicrosoft.com, objectId: 5b7c…, licensed: true, passwordEnv: MAMCONF_PASSWORD_ALICE}
/// integration:
///   clientId: 0f3c…            # the app's Entra registration
///   mamServiceURL: …           # optional; defaults for the commercial cloud
/// ```
/// A password is read from the environment variable `passwordEnv` names (or `password`, for a throwaway test
/// tenant); it is added to the run's redactor like every fixture password.
public enum TenantFile {
    public static func load(path: String, environment: [String: String]) -> (TenantProfile?, [SuiteError]) {
        let doc: YAMLDocument
        switch InputFile.read(path) {
        case .success(let data): doc = YAMLDocument(file: path, data: data)
        case .failure(let problem):
            return (nil, [SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read the tenant file \(path): \(problem)")])
        }
        guard let root = doc.root, let fields = doc.fields(root, "a tenant file", required: ["accounts", "integration"]) else {
            return (nil, doc.errors)
        }
        var accounts: [String: UserFixture] = [:]
        for pair in doc.mapping(fields["accounts"], "accounts") ?? [] {
            guard let f = doc.fields(pair.value, "an account", required: ["upn", "objectId"], optional: ["licensed", "personal", "password", "passwordEnv"]),
                  let upn = doc.string(f["upn"], "upn"), let objectId = doc.string(f["objectId"], "objectId")
            else { continue }
            var password = f["password"].flatMap { doc.string($0, "password") }
            if let variable = f["passwordEnv"].flatMap({ doc.string($0, "passwordEnv") }) {
                if let value = environment[variable], !value.isEmpty { password = value } else {
                    doc.error(f["passwordEnv"], "the environment variable \(variable) is not set")
                }
            }
            let licensed = f["licensed"].map { doc.bool($0, "licensed") ?? true } ?? true
            let personal = f["personal"].map { doc.bool($0, "personal") ?? false } ?? false
            accounts[pair.key] = UserFixture(alias: pair.key, upn: upn, objectId: objectId, licensed: licensed,
                                             password: password ?? "", personal: personal)
        }
        var integration: TenantProfile.IntegrationSettings?
        if let f = doc.fields(fields["integration"], "integration", required: ["clientId"],
                              optional: ["tokenURL", "mamServiceURL", "mamResource", "deviceConfigURL", "alternateClientId"]),
           let clientId = doc.string(f["clientId"], "clientId") {
            integration = TenantProfile.IntegrationSettings(
                clientId: clientId, tokenURL: f["tokenURL"].flatMap { doc.string($0, "tokenURL") },
                mamServiceURL: f["mamServiceURL"].flatMap { doc.string($0, "mamServiceURL") },
                mamResource: f["mamResource"].flatMap { doc.string($0, "mamResource") },
                deviceConfigURL: f["deviceConfigURL"].flatMap { doc.string($0, "deviceConfigURL") },
                alternateClientId: f["alternateClientId"].flatMap { doc.string($0, "alternateClientId") })
        }
        guard doc.errors.isEmpty, let integration else { return (nil, doc.errors) }
        return (TenantProfile(accounts: accounts, integration: integration, path: path), [])
    }
}
