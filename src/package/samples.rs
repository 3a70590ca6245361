//! The samples of the catalogue's problems, from `testdata/`, built into
//! the binary so that a package has them wherever nimstream is installed.

/// A sample: its name (the file's, without `.in`) and its input.
pub type Sample = (&'static str, &'static [u8]);

/// The samples of the catalogue problem `name`; none for other names (a
/// problem file's samples are drawn by `gen`).
pub fn samples(name: &str) -> &'static [Sample] {
    match name {
        "nim" => &[("nim-p2197", include_bytes!("../../testdata/nim-p2197.in"))],
        "lasker" => &[(
            "lasker-hdu3032",
            include_bytes!("../../testdata/lasker-hdu3032.in"),
        )],
        "misere" => &[(
            "misere-hdu1907",
            include_bytes!("../../testdata/misere-hdu1907.in"),
        )],
        "bounded" => &[("bounded-k3", include_bytes!("../../testdata/bounded-k3.in"))],
        "bash" => &[(
            "bash-hdu1846",
            include_bytes!("../../testdata/bash-hdu1846.in"),
        )],
        "fibonacci" => &[(
            "fibonacci-hdu2516",
            include_bytes!("../../testdata/fibonacci-hdu2516.in"),
        )],
        "kmultiple" => &[(
            "kmultiple-poj3922",
            include_bytes!("../../testdata/kmultiple-poj3922.in"),
        )],
        "wythoff" => &[(
            "wythoff-poj1067",
            include_bytes!("../../testdata/wythoff-poj1067.in"),
        )],
        "hdu2176" => &[("hdu2176", include_bytes!("../../testdata/hdu2176.in"))],
        "hdu1850" => &[("hdu1850", include_bytes!("../../testdata/hdu1850.in"))],
        "poj3922" => &[("poj3922", include_bytes!("../../testdata/poj3922.in"))],
        "hdu1536" => &[("hdu1536", include_bytes!("../../testdata/hdu1536.in"))],
        "hdu1848" => &[("hdu1848", include_bytes!("../../testdata/hdu1848.in"))],
        "poj2975" => &[("poj2975", include_bytes!("../../testdata/poj2975.in"))],
        "hdu5795" => &[("hdu5795", include_bytes!("../../testdata/hdu5795.in"))],
        "hdu1847" => &[("hdu1847", include_bytes!("../../testdata/hdu1847.in"))],
        "hdu1517" => &[("hdu1517", include_bytes!("../../testdata/hdu1517.in"))],
        "poj2311" => &[("poj2311", include_bytes!("../../testdata/poj2311.in"))],
        "hdu2509" => &[("hdu2509", include_bytes!("../../testdata/hdu2509.in"))],
        "poj1704" => &[("poj1704", include_bytes!("../../testdata/poj1704.in"))],
        "hdu1730" => &[("hdu1730", include_bytes!("../../testdata/hdu1730.in"))],
        "hdu4315" => &[("hdu4315", include_bytes!("../../testdata/hdu4315.in"))],
        "hdu3389" => &[("hdu3389", include_bytes!("../../testdata/hdu3389.in"))],
        "p2148" => &[("p2148", include_bytes!("../../testdata/p2148.in"))],
        "p1247" => &[
            ("p1247-1", include_bytes!("../../testdata/p1247-1.in")),
            (
                "p1247-2-lose",
                include_bytes!("../../testdata/p1247-2-lose.in"),
            ),
        ],
        "hdu2147" => &[("hdu2147", include_bytes!("../../testdata/hdu2147.in"))],
        "hdu1524" => &[("hdu1524", include_bytes!("../../testdata/hdu1524.in"))],
        "hdu2177" => &[("hdu2177", include_bytes!("../../testdata/hdu2177.in"))],
        "hdu3595" => &[("hdu3595", include_bytes!("../../testdata/hdu3595.in"))],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_problem_has_a_sample() {
        for problem in &crate::problem::CATALOGUE {
            assert!(!samples(problem.name).is_empty(), "{}", problem.name);
        }
        assert!(samples("no-such-problem").is_empty());
    }
}
