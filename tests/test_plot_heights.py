"""Pictures of height functions and animations of flips."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from tiling import Region, TilingError, examples, plot, sample_aztec
from tiling.heights import glauber_steps, height, min_tiling


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_labels_write_every_corner_height():
    t = min_tiling(Region.rectangle(3, 4))
    ax = plot.draw_heights(t, labels=True)
    h = height(t)
    written = sorted(int(txt.get_text()) for txt in ax.texts)
    assert written == sorted(h.compressed().tolist())
    positions = {(round(txt.get_position()[1]), round(txt.get_position()[0])) for txt in ax.texts}
    assert positions == {tuple(p) for p in np.argwhere(~np.ma.getmaskarray(h)).tolist()}


def test_labels_refuse_large_tilings_and_the_surface():
    with pytest.raises(TilingError, match="more than 900"):
        plot.draw_heights(min_tiling(Region.rectangle(40, 40)), labels=True)
    with pytest.raises(TilingError, match="style='map'"):
        plot.draw_heights(min_tiling(Region.rectangle(2, 2)), style="surface", labels=True)


def test_map_shows_the_heights_of_an_aztec_diamond(tmp_path):
    t = sample_aztec(30, rng=0)
    ax = plot.draw_heights(t)
    image = ax.images[0].get_array()
    h = height(t).filled(0).astype(float)
    means = (h[:-1, :-1] + h[:-1, 1:] + h[1:, :-1] + h[1:, 1:]) / 4
    assert np.allclose(image.filled(np.nan)[t.region.mask], means[t.region.mask])
    assert image.mask[~t.region.mask].all()  # outside the diamond: nothing painted
    assert "height function" in ax.get_title()
    path = plot.save(ax, tmp_path / "map.png")
    assert path.stat().st_size > 5000


def test_surface_is_drawn_in_3d_and_needs_a_3d_axes(tmp_path):
    t = sample_aztec(80, rng=1)  # 161 corners a side: averaged over 3 x 3 blocks (64 at most)
    ax = plot.draw_heights(t, style="surface")
    assert ax.name == "3d" and "averaged over 3 x 3 blocks" in ax.get_title()
    plot.save(ax, tmp_path / "surface.png")
    _, flat = plt.subplots()
    with pytest.raises(TypeError, match="3-d axes"):
        plot.draw_heights(t, style="surface", ax=flat)


def test_holes_stay_unpainted_on_the_map():
    board = examples.holey_board()
    from tiling import find

    ax = plot.draw_heights(find(board))
    image = ax.images[0].get_array()
    assert image.mask[1, 1] and not image.mask[0, 0]


def test_animate_tilings_of_glauber_dynamics(tmp_path):
    steps = glauber_steps(min_tiling(Region.rectangle(6, 6)), 8, rng=2)
    anim = plot.animate_tilings(steps)
    assert anim.n_frames == 9
    path = plot.save(anim, tmp_path / "glauber.gif")
    assert path.stat().st_size > 1000
    with pytest.raises(TypeError, match="sequence of tilings"):
        plot.animate_tilings(steps[0])
    with pytest.raises(TilingError, match="no tilings"):
        plot.animate_tilings([])
    with pytest.raises(TilingError, match="not all of one region"):
        plot.animate_tilings([steps[0], min_tiling(Region.rectangle(2, 2))])
