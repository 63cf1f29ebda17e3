// fuzz-text-long: fuzz-text's input format and checks with long text — up to 30 000 scalars, a
// scalar repeated up to 10⁴ times (combining-mark storms, 30 000 transformed glyphs, long bidi
// runs). An input costs ≈ 20 µs a scalar under ASan and coverage, so this target runs far fewer
// executions than the others (its count is in the README's Robustness table).
import FuzzSupport
import TextFuzzing

let systemText = SystemText()

runFuzzer { data, size in
    systemText.run(data, size, textBudget: 30_000, maxRepeat: 10_000)
    return 0
}
