/// Ending the runtime is the engine's own orchestration (``SDKEngine/terminate()``); the SDK's restart reaches it
/// through ``RuntimeTermination``.
extension SDKEngine: RuntimeTermination {}
