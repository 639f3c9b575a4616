/// The conditional-launch gates end in the unenroll side's wipe (CL-06).
extension UnenrollFlow: ConditionalLaunchWipes {}
