import CForkServer
import Testing

/// The fork server fills the compiler's type-name caches once (`mamconf_resolve_type_caches`), so that the cases it
/// forks find them filled instead of each demangling the same names again. This test binary has such caches too.
@Suite struct TypeCacheResolutionTests {
    @Test func resolvingFillsTheProgramsTypeNameCachesAndLeavesNoneForASecondPass() {
        let first = mamconf_resolve_type_caches()
        let second = mamconf_resolve_type_caches()
        // Thousands of types are named in this binary and a test run uses only some of them: the first pass finds
        // unfilled caches, and fills every one it can, so the second finds none it could fill.
        #expect(first > 100)
        #expect(second == 0)
    }
}
