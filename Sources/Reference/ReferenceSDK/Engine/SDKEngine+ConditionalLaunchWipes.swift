/// The engine answers the gates' wipe steps with its own conditional-wipe functions (`SDKEngine+ConditionalWipe.swift`)
/// until that flow is a type of its own.
extension SDKEngine: ConditionalLaunchWipes {}
