#!/usr/bin/env bash
# A small mutation check: each mutant is one deliberate defect (a flipped channel, a shifted
# offset, a changed default) applied to the source, the test suites that guard that code run
# against it, and the mutant is "killed" when they fail. The source is restored after each.
#
#   scripts/mutants.sh            every mutant below
#   scripts/mutants.sh 3 5        only mutants 3 and 5
#
# Each line of MUTANTS: file | a Python regular expression | its replacement | test filter | what it breaks.
# Prints one line per mutant and the count killed; exits 1 when any survived.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

MUTANTS=$(cat <<'LIST'
Sources/ShaderFXCore/Images/PNG.swift|out\[i\] = level\(unit\(source\[i\] / alpha\)\)|out[i] = level(unit(source[i + 2] / alpha))|PNG|the encoder writes blue into red
Sources/ShaderFXCLI/Commands/AnimateCommand.swift|sheet\.keys\.sorted\(\)|sheet.keys.sorted(by: >)|AnimateCommandTests|the contact sheet in reverse order
Sources/ShaderFXCLI/Support/RawFrameWriter.swift|frame\.bytes\.withUnsafeBytes \{ bytes in|frame.bytes.enumerated().map { $0.offset % 4 == 0 ? frame.bytes[$0.offset + 2] : $0.offset % 4 == 2 ? frame.bytes[$0.offset - 2] : $0.element }.withUnsafeBytes { bytes in|AnimateCommandTests|red and blue swapped in raw output
Sources/ShaderFXCLI/Support/RawFrameWriter.swift|off_t\(index - firstIndex\) \* off_t\(frameBytes\)|off_t(index - firstIndex + 1) * off_t(frameBytes)|RawOutputTests|raw frames written one frame late into a file
Sources/ShaderFXCLI/Commands/AnimateCommand.swift|var fps = 60|var fps = 30|AnimateCommandTests|the default frame rate
Sources/ShaderFXCLI/Commands/RenderCommand.swift|var scale = 1|var scale = 2|EndToEnd|the default scale of render
Sources/ShaderFXCLI/Support/FrameFolder.swift|index >= total|index > total|FrameFolderTests|one stale frame survives
Sources/ShaderFXCLI/Support/FrameFolder.swift|var complete = true|var complete = false|FrameFolderTests|the manifest says incomplete
Sources/ShaderFX/Render/FrameSequence.swift|try deliver\(job\.index, frame\)|try deliver(job.index + 1, frame)|AnimateCommandTests|frames delivered one index late
Sources/ShaderFXCore/Images/StraightFrame.swift|pixels\[i\] = Float\(bytes\[i\]\) / 255 \* a|pixels[i] = Float(bytes[i]) / 255|AnimateCommandTests|a frame's red not premultiplied for the contact sheet
Sources/ShaderFXCore/Images/PNGWriter/APNGWriter.swift|next \+= 1|next += 0|AnimateCommandTests|the APNG's fdAT sequence numbers never advance
Sources/ShaderFXCore/Images/PNGWriter/APNGWriter.swift|self\.init\(numerator: 1, denominator: fps\)|self.init(numerator: 2, denominator: fps)|AnimateCommandTests|every APNG delay doubled
Sources/ShaderFXCore/Video/VideoEncoder.swift|dst\[o\] = UInt8\(\(UInt32\(src\[i\]\)|dst[o] = UInt8((UInt32(src[i + 2])|VideoOutputTests|a video's red taken from blue when flattened
Sources/ShaderFXCLI/Support/OutputTarget.swift|if ext == "png" \{|if ["png", "jpg"].contains(ext) {|TransitionCommandTests|a .jpg output accepted as a PNG
Sources/ShaderFXCLI/Generate/ManPage.swift|for option in options \{ lines \+= self\.option\(option\) \}|for option in options.dropLast() { lines += self.option(option) }|GeneratedFilesTests|the man page leaves out each section's last option
Sources/ShaderFXCLI/Generate/BashCompletion.swift|            for option in options \{|            for option in options.dropLast() {|GeneratedFilesTests|bash completion leaves out each command's last option
Sources/ShaderFXCLI/Generate/ZshCompletion.swift|var specs = command\.description\.options\.map\(spec\)|var specs = command.description.options.dropFirst().map(spec)|GeneratedFilesTests|zsh completion leaves out each command's first option
Sources/ShaderFXCLI/Generate/FishCompletion.swift|            for option in command\.description\.options \{|            for option in command.description.options.dropLast() {|GeneratedFilesTests|fish completion leaves out each command's last option
Sources/ShaderFXCLI/Generate/ToolReference.swift|return choices\.compactMap \{ choice in|return choices.dropLast().compactMap { choice in|GeneratedFilesTests|the last effect's parameters missing from the man page and completions
Sources/ShaderFXCLI/Generate/BashCompletion.swift|count=\$\(\(count \+ 1\)\)|count=$((count + 2))|GeneratedFilesTests|bash completion miscounts positional arguments
Sources/ShaderFXCLI/CLI.swift|static let string = "[^"]*"|static let string = "0.0.0-mutant"|GeneratedFilesTests|the binary's version differs from VERSION
Sources/ShaderFXCore/Images/PNGWriter/ImageDeflater.swift|if candidate > length \{ length = candidate; distance = row \}|if candidate > length { length = candidate; distance = row - 1 }|ImageDeflater|the fast compressor's copies from the row above point one byte off
Sources/ShaderFXCore/Images/PNGWriter/ImageDeflater.swift|if !last \{ writer\.writeStored\(input, count: 0, final: false\) \}|if !last { }|ImageDeflater|a band that is not the last ends unaligned, so bands cannot be joined
Sources/ShaderFXCore/Images/PNGWriter/ImageDeflater.swift|if first, mayDecline, count > 4096,|if first, mayDecline, count > 4096, false,|ImageDeflater|noisy bands are never left to libdeflate
Sources/ShaderFXCore/Images/PNGWriter/HuffmanCode.swift|kraft -= 1|kraft -= 2|ImageDeflater|Huffman codes cut to the limit are left incomplete
Sources/ShaderFXCLI/Support/RawFrameWriter.swift|max\(frameBytes, 1 << 20\)|frameBytes|PipeSizeTests|small frames shrink the pipe below its default
Sources/ShaderFX/Animation/EffectAnimator.swift|return max\(ownDuration \?\? 0, last\)|return ownDuration ?? last|BuiltInKeyframeTests|keyframes past an effect's own length are cut short
Sources/ShaderFXCore/Text/ValueForms.swift|numbers\(text, count: 1\.\.\.2\), parts\.allSatisfy|numbers(text, count: 1...3), parts.allSatisfy|SampleOffsetTests|a maxSampleOffset of three numbers accepted
LIST
)

only=" $* "
total=0; killed=0; survivors=()
n=0
while IFS='|' read -r file pattern replacement filter what; do
  n=$((n + 1))
  [ -n "${*:-}" ] && [[ "$only" != *" $n "* ]] && continue
  [ -f "$file" ] || { echo "mutant $n: $file is missing (skipped)"; continue; }
  cp "$file" "$file.mutant-orig"
  if ! python3 - "$file" "$pattern" "$replacement" <<'PY'
import re, sys
path, pattern, replacement = sys.argv[1:4]
text = open(path).read()
mutated, count = re.subn(pattern, lambda m: replacement, text, count=1)
if count == 0:
    sys.exit(1)
open(path, "w").write(mutated)
PY
  then
    echo "mutant $n ($what): the pattern no longer matches $file (skipped)"
    mv "$file.mutant-orig" "$file"; touch "$file"; continue
  fi
  total=$((total + 1))
  if ! $SWIFT build --build-tests >/tmp/mutant-$n.log 2>&1; then
    result="killed (does not compile)"; killed=$((killed + 1))
  elif $SWIFT test --skip-build --filter "$filter" >>/tmp/mutant-$n.log 2>&1; then
    result="SURVIVED"; survivors+=("$n")
  else
    result="killed"; killed=$((killed + 1))
  fi
  mv "$file.mutant-orig" "$file"
  touch "$file"  # newer than the mutant's objects, so the next build compiles the original again
  echo "mutant $n: $what: $result"
done <<< "$MUTANTS"
$SWIFT build --build-tests >/dev/null 2>&1
echo "$killed of $total mutants killed"
[ ${#survivors[@]} -eq 0 ]
