/// The engine answers the identity questions of conditional launch with its own identity rules
/// (`SDKEngine+IdentityRules.swift`) until those are a type of their own.
extension SDKEngine: LaunchIdentityRules {}
