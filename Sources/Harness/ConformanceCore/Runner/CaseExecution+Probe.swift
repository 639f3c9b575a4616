extension CaseExecution {
    /// The probe step: hands the probe the case's session and turns its verdict into the case's, so a probe's
    /// failure reads like any failed step (its location, its message), and a passing probe's summary reaches the
    /// case's result.
    func probe(_ probe: any AdapterProbe, _ context: StepContext, step: Step, timeout: Duration) async throws {
        if probe.endsSession { notes.sessionEnds() }
        let verdict = await probe.judge(ProbeContext(
            session: context.session, integration: context.integration, timeout: timeout, isolation: adapterFactory.isolation))
        switch verdict {
        case .passed(let summary):
            transcript.add("probe \(probe.name) passed: \(summary)")
            notes.probePassed(summary)
        case .failed(let message):
            transcript.add("probe \(probe.name) failed: \(message)")
            throw CaseStop.failure(CaseFailure(message: message, location: step.location))
        }
    }
}
