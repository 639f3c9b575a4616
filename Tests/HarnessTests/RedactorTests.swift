@testable import ConformanceCore
import Testing

@Suite struct RedactorTests {
    @Test func knownSecretsAndSecretShapesAreMasked() {
        let redactor = Redactor(secrets: ["Alice-Harness-Pass-7731"])
        let text = """
            → app.signIn {"password":"Alice-Harness-Pass-7731","upn":"alice@contoso.example"}
            Authorization: Bearer eyJhbGciOi.abc-def_123
            {"access_token":"tok-123456","refresh_token":"ref-987654","client_secret":"s3cr3t-value"}
            grant_type=password&password=hunter22&client_secret=xyz987
            ? ui.pinSetup {} → {"pin":"2580"}
            """
        let out = redactor.redact(text)
        for secret in ["Alice-Harness-Pass-7731", "eyJhbGciOi.abc-def_123", "tok-123456", "ref-987654", "s3cr3t-value", "hunter22", "xyz987", "2580"] {
            #expect(!out.contains(secret), "\(secret) leaked in: \(out)")
        }
        #expect(out.contains("alice@contoso.example"))
        #expect(out.contains(Redactor.mask))
    }

    @Test func secretsAddedLaterStillApplyToTranscripts() {
        let redactor = Redactor()
        let transcript = Transcript(redactor: redactor)
        transcript.add("backend saw client secret Zk9-abcdef")
        redactor.add("Zk9-abcdef")
        #expect(transcript.lines.allSatisfy { !$0.contains("Zk9-abcdef") })
    }
}

@Suite struct ShortSecretTests {
    @Test(arguments: [
        ("pin 12 entered", "pin [REDACTED] entered"),
        ("\"12\"", "\"[REDACTED]\""),
        ("in 2012 and 120", "in 2012 and 120"),
        ("12", "[REDACTED]"),
        ("a12 12b 12", "a12 12b [REDACTED]"),
    ])
    func aShortSecretIsMaskedWhereItStandsAlone(text: String, redacted: String) {
        let redactor = Redactor(secrets: ["12"])
        #expect(redactor.redact(text) == redacted)
    }
}

/// Secrets are found in one pass however many a run registered (each case's tenant adds its own), and
/// secrets that overlap or touch are masked as one span, so no part of either stays visible.
@Suite struct SecretIndexTests {
    @Test(arguments: [
        ("token ab12-cd34 end", "token [REDACTED] end"),
        ("ab12-cd34ab12-cd34", "[REDACTED]"),
        ("ab12-cd34-ef56-tail", "[REDACTED]-tail"),
        ("x cd34-ef56-gh78 y", "x [REDACTED] y"),
        ("ab12-cd34-ef56-gh78", "[REDACTED]"),
        ("ab12-cd3 almost", "ab12-cd3 almost"),
        ("clé-ümlaut-ß in text", "[REDACTED] in text"),
        ("", ""),
        ("ab1", "ab1"),
    ])
    func everyOccurrenceIsMaskedAndOverlapsMergeIntoOneSpan(text: String, redacted: String) {
        let redactor = Redactor(secrets: ["ab12-cd34", "ab12-cd34-ef56", "cd34-ef56-gh78", "clé-ümlaut-ß"])
        #expect(redactor.redact(text) == redacted)
    }

    @Test func tenThousandSecretsAreAllFoundAndOnlyThey() {
        let secrets = (0..<10_000).map { "tenant-secret-\($0)-\(String($0 * 7919, radix: 36))" }
        let redactor = Redactor(secrets: secrets)
        let line = "case 17 used \(secrets[17]) and case 9999 used \(secrets[9999]); tenant-secret-10000 is not one"
        #expect(redactor.redact(line) == "case 17 used [REDACTED] and case 9999 used [REDACTED]; tenant-secret-10000 is not one")
        #expect(redactor.knownSecrets.count == 10_000)
    }
}

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("token", "access_token=x", true), ("token", "tok", false), ("", "anything", true), ("x", "", false),
        ("ümlaut", "an ümlaut here", true), ("pin=", "pin =", false), ("abc", "ababc", true), ("abc", "abab", false),
    ])
    func aWordIsFoundExactlyWhereItOccurs(needle: String, haystack: String, found: Bool) {
        #expect(Redactor.occurs(needle, in: haystack) == found)
        #expect(Redactor.occurs(needle, in: haystack) == (needle.isEmpty || haystack.contains(needle)))
    }
}

@Suite struct TriggerFoldingTests {
    /// An ASCII line is searched with its letters folded, not lower-cased: every spelling still triggers.
    @Test(arguments: [
        ("{\"Password\": \"hunter22\"}", "{\"Password\": \"[REDACTED]\"}"),
        ("{\"ACCESS_TOKEN\": \"abc.def\"}", "{\"ACCESS_TOKEN\": \"[REDACTED]\"}"),
        ("AUTHORIZATION: BEARER xyz123", "AUTHORIZATION: [REDACTED]"),
        ("grant_type=password&PASSWORD=s3cret&x=1", "grant_type=password&PASSWORD=[REDACTED]&x=1"),
        ("{\"ToKeN\": \"q\"} and é", "{\"ToKeN\": \"[REDACTED]\"} and é"),
    ])
    func triggerWordsMatchInAnyCase(line: String, redacted: String) {
        #expect(Redactor().redact(line) == redacted)
    }

    @Test(arguments: [("PIN=", "x pin= y", true), ("pin=", "x PiN= y", true), ("token", "TOKEN", true), ("token", "tokem", false),
                      ("\"pin\"", "{\"PIN\":1}", true), ("abc", "ABABC", true), ("token", "to", false)])
    func asciiFoldingFindsEitherCase(needle: String, haystack: String, found: Bool) {
        #expect(Redactor.occurs(needle.lowercased(), in: haystack, ignoringASCIICase: true) == found)
    }

    /// A secret-shaped field whose key uses the Kelvin sign is still found (the fold makes it "token"), also in a
    /// line that carries the transcript's arrows.
    @Test(arguments: ["{\"to\u{212A}en\": \"abc\"}", "→ x {\"to\u{212A}en\": \"abc\"} ←"])
    func aKelvinSignInTheKeyStillTriggersTheFieldPattern(line: String) {
        #expect(Redactor().redact(line).contains("\"to\u{212A}en\": \"[REDACTED]\""))
    }

    /// Lines whose only non-ASCII characters have no case (the transcript's arrows, rules, bullets) are folded,
    /// and still redacted in any spelling; a line with a letter that has a case mapping is not.
    @Test(arguments: [
        ("→ app.signIn {\"PassWord\":\"hunter22\"}", true, "→ app.signIn {\"PassWord\":\"[REDACTED]\"}"),
        ("── step • ← × {\"TOKEN\": \"abc\"}", true, "── step • ← × {\"TOKEN\": \"[REDACTED]\"}"),
        ("plain ascii", true, "plain ascii"),
        ("Ärger {\"token\": \"q\"}", false, "Ärger {\"token\": \"[REDACTED]\"}"),
        ("\u{212A}", false, "\u{212A}"),
        ("\u{17F}", false, "\u{17F}"),
        ("é", true, "é"),
        ("É", false, "É"),
    ])
    func caselessCharactersKeepTheFold(line: String, folds: Bool, redacted: String) {
        #expect(Redactor.foldingASCIIIsEnough(line) == folds)
        #expect(Redactor().redact(line) == redacted)
    }
}
