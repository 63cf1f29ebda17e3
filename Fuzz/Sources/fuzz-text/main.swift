// fuzz-text: layout and drawing of short random Unicode (≤ 256 scalars, a scalar repeated ≤ 40
// times: past the 30 combining marks a base keeps) in the system fonts (TextFuzzing's SystemText
// builds the fonts and reads the input, checkLayout the text and its checks). Long text — mark
// storms of 10⁴, 30 000 transformed glyphs — is fuzz-text-long's: when one target did both (a
// mode bit), its corpus drifted to long inputs (77 bytes make 30 000 scalars) and a long run
// made 69 executions per CPU second instead of the short text's ≥ 450.
import FuzzSupport
import TextFuzzing

let systemText = SystemText()

runFuzzer { data, size in
    systemText.run(data, size, textBudget: 256, maxRepeat: 40)
    return 0
}
