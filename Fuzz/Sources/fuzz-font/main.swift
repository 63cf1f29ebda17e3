// fuzz-font: corrupt font files. Each input's first bytes are a font file (seeds: 2–3 KB TrueType
// subsets of DejaVu Sans that the fuzzer corrupts), written to a file and loaded at a size the
// input picks; a short text (≤ 256 scalars, TextFuzzing) is then laid out and drawn with it.
// Checked: loading throws a FontError or gives a font, and its layout passes checkLayout.
// The library and the fallback chain for "DejaVu Sans" (the seeds' family) are made once per 500
// files: faces stay open for their library's life (FreeType maps each file), so a fresh library
// keeps memory flat over millions of runs.
import FuzzSupport
import Raster
import TextFuzzing
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) var library: FontLibrary?
nonisolated(unsafe) var filesLoaded = 0
// tmpfs when there is one: creating and unlinking a file per input on ext4 took ≈ 12 % of the run.
let fontFile = (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/kiosk-fuzz-font-\(getpid())-"
let sizes = [12.0, 5, 40, 0.5, 300, 17.25]

func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if library == nil || filesLoaded >= 500 {
        library = nil; filesLoaded = 0
        do {
            let fonts = try FontLibrary(glyphCacheBytes: 1 << 20)
            _ = fonts.layout("a\u{4E00}\u{0627}", font: try fonts.font(family: "DejaVu Sans", size: 12))
            library = fonts
        } catch { fuzzFailure("no system font: \(error)") }
    }
    let fonts = library!
    var input = FuzzInput(data, size)
    let file = input.bytes(upTo: 60_000)
    let fontSize = sizes[Int(input.byte()) % sizes.count]
    filesLoaded += 1
    let path = fontFile + "\(filesLoaded)"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fuzzFailure("cannot write \(path)") }
    _ = file.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    defer { unlink(path) }
    let font: Font
    do { font = try fonts.font(path: path, size: fontSize) } catch {
        guard error is FontError else { fuzzFailure("font(path:) threw \(error)") }
        return 0
    }
    checkLayout(fonts, font, &input, textBudget: 256)
    return 0
}

runFuzzer(fuzzFont)
