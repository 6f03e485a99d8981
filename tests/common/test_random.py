"""The seeded stream and hashes, against the originals' pinned numbers."""

from itsutsu.common.random import fnv1a, round_half_up, seeded_random, shuffled, to_uint32


def test_mulberry32_first_numbers() -> None:
    for seed, want in [
        (0, [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]),
        (1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]),
        (7, [0.011704753153026104, 0.06195825757458806, 0.97690763277933]),
    ]:
        r = seeded_random(seed)
        assert [r(), r(), r()] == want


def test_seed_normalisation() -> None:
    assert to_uint32(-1) == 0xFFFFFFFF
    assert to_uint32(float("nan")) == 0
    assert to_uint32(float("inf")) == 0
    assert to_uint32(7.9) == 7
    a, b = seeded_random(2**32 + 5), seeded_random(5)
    assert [a() for _ in range(5)] == [b() for _ in range(5)]


def test_shuffle_draws_from_the_end() -> None:
    r = seeded_random(1)
    # i=3: j=floor(0.627*4)=2; i=2: j=floor(0.0027*3)=0; i=1: j=floor(0.527*2)=1
    assert shuffled([0, 1, 2, 3], r) == [3, 1, 0, 2]


def test_fnv1a_vector() -> None:
    assert fnv1a("A..AB..BC..C....|boom3#3#target") == 3988794249


def test_round_half_up() -> None:
    assert round_half_up(2.5) == 3
    assert round_half_up(-2.5) == -2
    assert round_half_up(0.49) == 0
