//! A quotient as people write it: generators, the relations between them,
//! and each element as its least monomial.
//!
//! The generators are the elements of the heaps that the smaller heaps do
//! not generate, in heap order, named `a`, `b`, `c`, …. Each element is
//! written as its least monomial in shortlex order (fewest factors first,
//! then alphabetical). The relations are `m = n` for each monomial `m` that
//! is not the least for its element while every monomial dividing it by
//! one generator is: a finite set from which every other equality follows
//! by rewriting, as in Plambeck and Siegel's presentations
//! (`T₂ = ⟨a, b | a² = 1, b³ = b⟩`).

use std::collections::HashSet;

use super::quotient::{Element, Quotient};

/// A generator: its name, the first heap it is the element of, and that
/// element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// `a`, `b`, …
    pub name: String,
    /// The least heap whose element it is.
    pub heap: u64,
    /// Its element.
    pub element: Element,
}

/// A monomial: how many times each generator is multiplied, by index.
pub type Monomial = Vec<u32>;

/// Generators, relations and each element's least monomial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The generators in heap order.
    pub generators: Vec<Generator>,
    /// Each element's least monomial, by element.
    pub normal_forms: Vec<Monomial>,
    /// Each relation `left = right`, the right side a least monomial.
    pub relations: Vec<(Monomial, Monomial)>,
}

impl Presentation {
    /// The presentation of `quotient` by the elements of its heaps.
    pub fn of(quotient: &Quotient) -> Presentation {
        let generators = generators(quotient);
        let (normal_forms, relations) = rewrite_rules(quotient, &generators);
        Presentation {
            generators,
            normal_forms,
            relations,
        }
    }

    /// A monomial as text: `1`, `a`, `ab^2c`.
    pub fn monomial(&self, monomial: &Monomial) -> String {
        let mut text = String::new();
        for (g, &k) in monomial.iter().enumerate() {
            if k == 0 {
                continue;
            }
            text.push_str(&self.generators[g].name);
            if k > 1 {
                text.push_str(&format!("^{k}"));
            }
        }
        if text.is_empty() {
            text.push('1');
        }
        text
    }

    /// An element as its least monomial.
    pub fn element(&self, x: Element) -> String {
        self.monomial(&self.normal_forms[x as usize])
    }

    /// `<a, b | a^2 = 1, b^3 = b>`.
    pub fn text(&self) -> String {
        let names: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(left, right)| format!("{} = {}", self.monomial(left), self.monomial(right)))
            .collect();
        if relations.is_empty() {
            format!("<{}>", names.join(", "))
        } else {
            format!("<{} | {}>", names.join(", "), relations.join(", "))
        }
    }
}

/// `a`…`z`, then `a1`, `b1`, …
fn generator_name(index: usize) -> String {
    let letter = char::from(b'a' + (index % 26) as u8);
    match index / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{round}"),
    }
}

fn generators(quotient: &Quotient) -> Vec<Generator> {
    let mut reached = vec![false; quotient.order()];
    reached[0] = true;
    let mut generators: Vec<Generator> = Vec::new();
    for (heap, &x) in quotient.pretending().iter().enumerate() {
        if reached[x as usize] {
            continue;
        }
        generators.push(Generator {
            name: generator_name(generators.len()),
            heap: heap as u64,
            element: x,
        });
        close(quotient, &mut reached, x);
    }
    generators
}

/// Adds to `reached` every product of a reached element and powers of `x`.
fn close(quotient: &Quotient, reached: &mut [bool], x: Element) {
    let mut frontier: Vec<Element> = (0..quotient.order() as Element)
        .filter(|&y| reached[y as usize])
        .collect();
    while let Some(y) = frontier.pop() {
        let next = quotient.product(y, x);
        if !reached[next as usize] {
            reached[next as usize] = true;
            frontier.push(next);
        }
    }
}

/// Least monomials, degree by degree, and the minimal monomials that are
/// not least.
fn rewrite_rules(
    quotient: &Quotient,
    generators: &[Generator],
) -> (Vec<Monomial>, Vec<(Monomial, Monomial)>) {
    let count = generators.len();
    let mut normal: Vec<Option<Monomial>> = vec![None; quotient.order()];
    normal[0] = Some(vec![0; count]);
    let mut least: HashSet<Monomial> = HashSet::from([vec![0; count]]);
    let mut relations = Vec::new();
    // Least monomials of the last degree, with their elements, each
    // extended only by generators from its last one on, so that every
    // monomial is met once and in shortlex order.
    let mut layer: Vec<(Monomial, Element)> = vec![(vec![0; count], 0)];
    while !layer.is_empty() {
        let mut next_layer = Vec::new();
        for (monomial, x) in &layer {
            let last = monomial.iter().rposition(|&k| k > 0).unwrap_or(0);
            for (g, generator) in generators.iter().enumerate().skip(last) {
                let mut grown = monomial.clone();
                grown[g] += 1;
                let y = quotient.product(*x, generator.element);
                if normal[y as usize].is_none() {
                    normal[y as usize] = Some(grown.clone());
                    least.insert(grown.clone());
                    next_layer.push((grown, y));
                } else if divisors_are_least(&grown, &least) {
                    let right = normal[y as usize].clone().unwrap_or_default();
                    relations.push((grown, right));
                }
            }
        }
        layer = next_layer;
    }
    let forms = normal.into_iter().map(Option::unwrap_or_default).collect();
    (forms, relations)
}

/// Whether each monomial `m / g` (for each generator `g` dividing `m`) is
/// the least monomial of its element.
fn divisors_are_least(monomial: &Monomial, least: &HashSet<Monomial>) -> bool {
    (0..monomial.len()).filter(|&g| monomial[g] > 0).all(|g| {
        let mut divisor = monomial.clone();
        divisor[g] -= 1;
        least.contains(&divisor)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::Rule;
    use crate::misere::Solver;

    fn quotient_of(code: &str, heaps: usize) -> Quotient {
        let mut solver = Solver::new(Rule::parse(code).unwrap());
        while solver.heaps() <= heaps {
            solver.add_heap().unwrap();
        }
        solver.quotient()
    }

    #[test]
    fn misere_nim_to_heap_three_is_t2() {
        let quotient = quotient_of("0.333", 3);
        let presentation = Presentation::of(&quotient);
        assert_eq!(presentation.text(), "<a, b | a^2 = 1, b^3 = b>");
        let heaps: Vec<u64> = presentation.generators.iter().map(|g| g.heap).collect();
        assert_eq!(heaps, [1, 2]);
        let losing: Vec<String> = (0..quotient.order() as Element)
            .filter(|&x| quotient.is_losing(x))
            .map(|x| presentation.element(x))
            .collect();
        assert_eq!(losing, ["a", "b^2"]);
    }

    #[test]
    fn every_element_is_its_least_monomial() {
        let quotient = quotient_of("kayles", 20);
        let presentation = Presentation::of(&quotient);
        for (x, monomial) in presentation.normal_forms.iter().enumerate() {
            let product = monomial.iter().enumerate().fold(0, |acc, (g, &k)| {
                (0..k).fold(acc, |acc, _| {
                    quotient.product(acc, presentation.generators[g].element)
                })
            });
            assert_eq!(product as usize, x);
        }
    }
}
