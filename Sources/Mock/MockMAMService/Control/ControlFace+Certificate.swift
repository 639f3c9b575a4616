import AdapterProtocol
import ClientAssertion

/// The administrator's certificate: registering it lets the token endpoint take client assertions instead of the
/// client secret, as an Entra application with an uploaded certificate does.
extension ControlFace {
    /// `PUT /_mock/tenants/{t}/admin-certificate` with the certificate PEM as the body: 204, or 400 with the reason
    /// when it is not an RSA X.509 certificate. Replaces a certificate registered before.
    func setAdminCertificate(_ request: IncomingRequest) async -> Reply {
        let pem = String(decoding: request.body, as: UTF8.self)
        do {
            _ = try ClientAssertion.thumbprint(certificatePEM: pem)
        } catch {
            return Self.badRequest(error.description)
        }
        let stored: Void? = await state.withTenant(request.parameters["tenant"] ?? "") { $0.adminCertificatePEM = pem }
        return stored == nil ? Self.unknownTenant : Reply.noContent
    }
}
