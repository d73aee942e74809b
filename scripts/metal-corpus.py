#!/usr/bin/env python3
"""Measure how many public [[ stitchable ]] functions ShaderFX renders unchanged.

Each LIBRARY argument is a folder holding one Xcode target's .metal files (subfolders included),
as `shaderfx render --library` reads it. The script finds the stitchable functions by itself
(a regular expression over the sources, not the translator), asks `shaderfx translate
--function` for each one's kind and arguments, guesses a value for every argument from its type
and name, renders the function over a photo, and sorts the outcome:

  ok         rendered, exit 0
  translate  the translator refused the Metal (its error is the cause)
  compile    the GLSL did not compile or link on the GL driver
  render     any other failure of the render
  timeout    the render took longer than --timeout seconds

It prints one line a failure and a table per collection; --json FILE keeps every outcome.
A collection is a name and its folders: each folder a library, or a checkout whose
Sources/TARGET folders are each a library (a SwiftPM target's .metal files are its own library).

  scripts/metal-corpus.py --shaderfx .build/release/shaderfx -i photo.png \\
      --collection first  /tmp/corpus/a /tmp/corpus/b \\
      --collection second /tmp/corpus/c

Nothing of the corpus is kept in the project: the folders are the user's own checkouts.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

STITCHABLE = re.compile(
    r"\[\[\s*stitchable\s*\]\]\s*(?:\[\[[^\]]*\]\]\s*)*"
    r"(?:(?:static|inline|METAL_FUNC)\s+)*"
    r"([A-Za-z_][\w:<> ]*?)\s+([A-Za-z_]\w*)\s*\(",
    re.S,
)
COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
ARGUMENT_LINE = re.compile(r"^//\s+(\w+):\s+(\w+)\s*$")


def compiled_dirs(dirs):
    """Prunes, in place, the folders a build does not compile: hidden ones and documentation
    catalogs (NAME.docc, whose code files are the documentation's resources)."""
    dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not d.endswith(".docc"))


def stitchable_functions(folder):
    """Names of the [[ stitchable ]] functions in the .metal files under folder that a build
    compiles, in file order."""
    names = []
    for root, dirs, files in os.walk(folder):
        compiled_dirs(dirs)
        for name in sorted(files):
            if not name.endswith(".metal"):
                continue
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as handle:
                text = COMMENTS.sub(" ", handle.read())
            for match in STITCHABLE.finditer(text):
                if match.group(2) not in names:
                    names.append(match.group(2))
    return names


def libraries_of(folder):
    """The libraries of a checkout, as Xcode and SwiftPM build them: each SwiftPM target
    (Sources/TARGET) with .metal files is one, as each compiles into its own bundle's default
    library; so is each Xcode project (a folder holding NAME.xcodeproj), with the .metal files
    under its folder that no deeper project or target claims; anything else is one library."""
    projects = set()
    for root, dirs, _ in os.walk(folder):
        if any(d.endswith(".xcodeproj") for d in dirs):
            projects.add(root)
        dirs[:] = [d for d in dirs if not d.endswith(".xcodeproj")]
    libraries, loose = set(), False
    for root, dirs, files in os.walk(folder):
        compiled_dirs(dirs)
        if not any(name.endswith(".metal") for name in files):
            continue
        parts = os.path.relpath(root, folder).split(os.sep)
        if "Sources" in parts and parts.index("Sources") + 1 < len(parts):
            index = parts.index("Sources")
            libraries.add(os.path.join(folder, *parts[:index + 2]))
            continue
        owner = root
        while owner not in projects and owner != folder and os.path.dirname(owner) != owner:
            owner = os.path.dirname(owner)
        if owner in projects:
            libraries.add(owner)
        else:
            loose = True
    if loose and libraries:
        print(f"note: {folder}: .metal files outside an Xcode project or Sources/TARGET are left out", file=sys.stderr)
    if len(libraries) == 1 and not loose:
        return [folder]   # one library: the checkout, as before
    return sorted(libraries) or [folder]


def guess(name, glsl_type, size, noise):
    """A plausible value for an argument, from its GLSL type and its name."""
    lowered = name.lower()
    width, height = size
    if glsl_type == "sampler2D":
        return noise
    if glsl_type == "vec4":
        if any(word in lowered for word in ("bound", "rect", "frame")):
            return "bounds"
        if "color" in lowered or "colour" in lowered or "tint" in lowered:
            return "1,0.5,0.2,1"
        return f"0,0,{width},{height}"
    if glsl_type == "vec3":
        return "1,0.5,0.2"
    if glsl_type == "vec2":
        if "size" in lowered or "resolution" in lowered or "dimension" in lowered:
            return f"{width},{height}"
        if any(word in lowered for word in ("center", "centre", "origin", "touch", "location",
                                            "point", "mouse", "position", "tap")):
            return f"{width / 2},{height / 2}"
        return "0.5,0.5"
    if glsl_type == "FloatArray":
        return "0.2,0.5,0.8,1"
    if glsl_type == "ColorArray":
        return "red,orange,yellow,green"
    if glsl_type in ("float", "int", "uint", "bool"):
        if "time" in lowered or "elapsed" in lowered:
            return "1.3"
        if any(word in lowered for word in ("progress", "amount", "strength", "intensity", "mix",
                                            "percent", "t")):
            return "0.5"
        if any(word in lowered for word in ("count", "number", "steps", "samples", "segments")):
            return "8"
        if "width" in lowered:
            return str(width)
        if "height" in lowered:
            return str(height)
        if "radius" in lowered or "size" in lowered or "amplitude" in lowered:
            return "10"
        return "1" if glsl_type != "float" else "0.7"
    return None


def classify(stderr):
    text = stderr.lower()
    if "glsl" in text and ("compile" in text or "link" in text):
        return "compile"
    if ".metal:" in text or "translat" in text:
        return "translate"
    return "render"


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()
    lines = [line for line in stderr.splitlines() if line.strip()]
    return lines[0].strip() if lines else ""


def measure(shaderfx, library, function, photo, noise, size, timeout, out_dir, precision="float"):
    """One function's outcome: (status, detail)."""
    try:
        described = subprocess.run([shaderfx, "translate", "--library", library, "--function", function],
                                   capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "translate took longer than the limit"
    if described.returncode != 0:
        return "translate", first_error(described.stderr)
    # The kind and arguments are comment lines before the GLSL.
    listing = described.stdout
    arguments = []
    for line in listing.splitlines():
        if not line.startswith("//"):
            break
        match = ARGUMENT_LINE.match(line)
        if match and match.group(1) != "arguments":
            arguments.append((match.group(1), match.group(2)))
    command = [shaderfx, "render", "--library", library, "--function", function, "-i", photo,
               "--max-sample-offset", "20", "--precision", precision, "-q", "-o", os.path.join(out_dir, function + ".png")]
    for name, glsl_type in arguments:
        value = guess(name, glsl_type, size, noise)
        if value is None:
            return "render", f"no guess for an argument of type {glsl_type} ({name})"
        command += ["--arg", f"{name}={value}"]
    try:
        rendered = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", f"render took longer than {timeout} s"
    if rendered.returncode != 0:
        return classify(rendered.stderr), first_error(rendered.stderr)
    # A blank or unchanged result renders (exit 0) but is worth a look: kept as the detail.
    warning = next((line.strip() for line in rendered.stderr.splitlines() if "warning" in line), "")
    return "ok", warning


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shaderfx", default=".build/release/shaderfx", help="the shaderfx binary")
    parser.add_argument("-i", "--input", required=True, help="the picture to render over (PNG or JPEG)")
    parser.add_argument("--noise", help="the picture given to sampler2D arguments (default: the input)")
    parser.add_argument("--size", default="512x384", help="the input's size in points, WxH, for guesses")
    parser.add_argument("--timeout", type=float, default=60, help="seconds one render may take")
    parser.add_argument("--json", help="write every outcome here")
    parser.add_argument("--precision", default="float", choices=["float", "apple"],
                        help="how half computes in the renders (shaderfx render --precision)")
    parser.add_argument("--out", help="keep the rendered pictures in this folder")
    parser.add_argument("--collection", nargs="+", action="append", required=True,
                        metavar=("NAME", "FOLDER"),
                        help="a collection's name, then its folders: each a library, or a checkout "
                             "whose Sources/TARGET folders are each a library (repeatable)")
    args = parser.parse_args()
    size = tuple(float(v) for v in args.size.lower().split("x"))
    collections = []
    for entry in args.collection:
        if len(entry) < 2:
            parser.error("--collection needs a name and at least one folder")
        collections.append((entry[0], [lib for folder in entry[1:] for lib in libraries_of(folder)]))
    out_root = args.out or tempfile.mkdtemp(prefix="metal-corpus-")
    report = []
    for name, libraries in collections:
        counts = {}
        total = 0
        for library in libraries:
            out_dir = os.path.join(out_root, name, os.path.basename(library.rstrip("/")))
            os.makedirs(out_dir, exist_ok=True)
            for function in stitchable_functions(library):
                status, detail = measure(args.shaderfx, library, function, args.input,
                                         args.noise or args.input, size, args.timeout, out_dir, args.precision)
                counts[status] = counts.get(status, 0) + 1
                total += 1
                report.append({"collection": name, "library": library, "function": function,
                               "status": status, "detail": detail})
                if status != "ok":
                    print(f"{name}: {os.path.basename(library)} {function}: {status}: {detail}", flush=True)
        ok = counts.get("ok", 0)
        share = 100.0 * ok / total if total else 0.0
        others = ", ".join(f"{key} {value}" for key, value in sorted(counts.items()) if key != "ok")
        print(f"== {name}: {ok} of {total} functions rendered ({share:.1f} %), "
              f"{len(libraries)} libraries; {others or 'no failures'}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
