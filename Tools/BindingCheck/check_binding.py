#!/usr/bin/env python3
"""Type-checks IntuneBinding's real-SDK branch against the published interface of Intune App SDK releases.

    check_binding.py [--binding DIR] SDK_PATH

SDK_PATH is a folder holding `IntuneMAMSwift.framework` (one release) or several release folders side by side,
each named after its release (`21.7.1/IntuneMAMSwift.framework`); a lone framework's release comes from its
folder's name or from INTUNE_SDK_VERSION. Nothing of the SDK is copied: the compiler reads its headers in place.

How (docs/intune-binding.md, "What is verified"): the Swift front end on Linux imports Objective-C headers when it
runs with Objective-C interop. `AppleStubs/` stands in for the Apple frameworks the SDK's headers import and
`Overlays/` for the Swift overlays that bridge them as on iOS (String, arrays, Date, NSError → throws, …); both are
emitted first. The binding's dependencies (Locking, AdapterProtocol, AdapterKit) are built as usual, without
interop (their pointer code needs the Linux standard library's own conversions). Then every binding file is
type-checked together against each release, where `canImport(IntuneMAMSwift)` is true, with the spelling flags
the release needs (SDKSpelling.swift). Each diagnostic is printed with its release.

Exit status: 0 every release type-checks; 1 one failed; 2 nothing could be judged (no SDK, no release, or the
stand-ins or dependencies did not build).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TOOL = Path(__file__).resolve().parent
ROOT = TOOL.parent.parent
STUBS = TOOL / "AppleStubs"
OVERLAYS = TOOL / "Overlays"
FRAMEWORK = "IntuneMAMSwift.framework"
# The binding's own modules, in build order, and their sources.
DEPENDENCIES = [
    ("Locking", ROOT / "Sources/Support/Locking"),
    ("AdapterProtocol", ROOT / "Sources/Protocol/AdapterProtocol"),
    ("AdapterKit", ROOT / "Sources/Protocol/AdapterKit"),
]
# The compilation conditions the binding reads (SDKSpelling.swift), each set for the releases before the one
# that brought the API: a vendor on such a release sets it in the test host's active compilation conditions.
FLAGS = [
    # registerAndEnrollAccountId:, … (16.0); before, only the UPN-era names.
    ("INTUNE_SDK_UPN_ONLY", (16, 0)),
    # IntuneMAMEnrollmentToken and getAccessTokenForAccountId:resource:completion: (absent from 20.9.6, present in
    # 21.7.1, the releases held; taken as 21.0).
    ("INTUNE_SDK_NO_ENROLLMENT_TOKEN", (21, 0)),
    # mdmEnrolledAccountIdWithCompletion: (19.2.0, shared/spec/intune-sdk-api.md §1); before, the synchronous
    # mdmEnrolledAccountId (and before 16.0 mdmEnrolledAccount, which INTUNE_SDK_UPN_ONLY spells).
    ("INTUNE_SDK_NO_MDM_COMPLETION", (19, 2)),
]
# One compile per release may take a while on a busy machine; a hung compiler is a failure, not a wait.
COMPILE_TIMEOUT = 600


class CheckError(Exception):
    """Something that leaves nothing to judge (exit 2)."""


def swiftc():
    return os.environ.get("SWIFTC", "swiftc")


def run(arguments, what):
    try:
        done = subprocess.run(arguments, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise CheckError(f"{what}: the compiler took longer than {COMPILE_TIMEOUT} s")
    except OSError as error:
        raise CheckError(f"{what}: cannot run {arguments[0]}: {error}")
    return done


def sources(folder):
    return sorted(str(p) for p in Path(folder).rglob("*.swift"))


def interop_flags(work):
    """The flags of every compile that sees the SDK: Objective-C interop over the stand-ins. `__arm64__` selects
    the iOS slice's section of the SDK's generated `IntuneMAM-Swift.h` (the one architecture it holds)."""
    return ["-enable-objc-interop", "-disable-objc-attr-requires-foundation-module", "-swift-version", "6",
            "-I", str(work / "overlays"), "-I", str(STUBS), "-I", str(work / "modules"),
            "-module-cache-path", str(work / "cache"), "-Xcc", "-D__arm64__=1", "-diagnostic-style", "llvm"]


def emit(module, files, flags, output, extra=()):
    done = run([swiftc(), "-frontend", "-emit-module", "-module-name", module, *extra, *flags, *files,
                "-o", str(output / f"{module}.swiftmodule")], f"building {module}")
    if done.returncode != 0:
        raise CheckError(f"building {module} failed:\n{done.stderr.strip()}")


def prepare(work):
    """Emits the stand-in overlays (with interop) and the binding's dependencies (without)."""
    for folder in ("overlays", "modules", "cache"):
        (work / folder).mkdir()
    for module in ("ObjectiveC", "Foundation"):
        emit(module, [str(OVERLAYS / f"{module}.swift")], interop_flags(work), work / "overlays",
             ["-import-underlying-module"])
    plain = ["-swift-version", "6", "-I", str(work / "modules"), "-module-cache-path", str(work / "cache"),
             "-experimental-skip-all-function-bodies", "-diagnostic-style", "llvm"]
    for module, folder in DEPENDENCIES:
        emit(module, sources(folder), plain, work / "modules")


def version_of(label):
    match = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)*", label)
    return (int(match.group(1)), int(match.group(2))) if match else None


def releases(sdk):
    """(label, folder holding the framework) per release under `sdk`."""
    if (sdk / FRAMEWORK).is_dir():
        label = os.environ.get("INTUNE_SDK_VERSION") or sdk.resolve().name
        return [(label, sdk)]
    found = [(child.name, child) for child in sdk.iterdir() if (child / FRAMEWORK).is_dir()]
    return sorted(found, key=lambda release: version_of(release[0]) or (0, 0))


def check(label, folder, binding, work):
    """The binding's diagnostics against one release: (passed, lines)."""
    version = version_of(label)
    flags = [argument for flag, since in FLAGS if version < since for argument in ("-D", flag)]
    done = run([swiftc(), "-frontend", "-typecheck", "-module-name", "IntuneBinding", *interop_flags(work),
                "-F", str(folder), *flags, *sources(binding)], f"[{label}]")
    lines = [f"[{label}] {line}" for line in done.stderr.splitlines()
             if re.search(r": (error|warning): ", line)]
    passed = done.returncode == 0 and not lines
    if done.returncode != 0 and not lines:
        lines = [f"[{label}] {line}" for line in done.stderr.splitlines()] or [f"[{label}] the compiler failed"]
    return passed, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sdk", type=Path, help="a folder holding IntuneMAMSwift.framework, or release folders")
    parser.add_argument("--binding", type=Path, default=ROOT / "Sources/Reference/IntuneBinding",
                        help="the binding's folder (default: the repository's)")
    arguments = parser.parse_args()
    try:
        if not arguments.sdk.is_dir():
            raise CheckError(f"no such folder: {arguments.sdk}")
        found = releases(arguments.sdk)
        if not found:
            raise CheckError(f"no {FRAMEWORK} in {arguments.sdk} or its subfolders")
        for label, folder in found:
            if version_of(label) is None:
                raise CheckError(f"cannot tell the release of {folder}: name its folder after it (21.7.1) "
                                 "or set INTUNE_SDK_VERSION")
        with tempfile.TemporaryDirectory(prefix="check-binding-") as scratch:
            work = Path(scratch)
            prepare(work)
            with ThreadPoolExecutor(max_workers=min(len(found), os.cpu_count() or 1)) as pool:
                results = list(pool.map(lambda release: check(*release, arguments.binding, work), found))
    except CheckError as error:
        print(f"check-binding: {error}", file=sys.stderr)
        return 2
    failed = 0
    for (label, _), (passed, lines) in zip(found, results):
        for line in lines:
            print(line)
        print(f"check-binding: {label}: {'type-checks' if passed else 'FAILED'}")
        failed += not passed
    print(f"check-binding: {len(found) - failed} of {len(found)} releases type-check")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
