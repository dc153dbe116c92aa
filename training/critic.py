"""A central critic (``ppo.central_critic``): during training the value net sees the whole table, the policy only
its seat's observation.

The batched self-play env (:class:`hustings.training.batched.BatchedSelfPlayVecEnv` with ``world=True``) returns each
observation followed by the engine's global observation (every hand, as ``env.state()``). :class:`CentralCriticPolicy`
splits it: the actor's input is the first ``actor_size`` numbers (the observation, exactly what the exported net gets),
the critic's the whole vector. Only the critic's estimates of the returns change (less noise from the cards it cannot
see: Lowe et al. 2017, MADDPG; Yu et al. 2022, MAPPO); the actor's weights keep their names and shapes, so snapshots,
evaluation, ``policy.npz`` and ``hustings export`` are as for any run.
"""
from __future__ import annotations

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, FlattenExtractor


class ObservationPart(BaseFeaturesExtractor):
    """The first ``size`` numbers of each row: the seat's own observation."""

    def __init__(self, observation_space, size: int):
        super().__init__(observation_space, size)
        self.size = size

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return observations[:, :self.size]


class CentralCriticPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's MLP policy whose actor reads ``actor_size`` leading numbers of the input and whose critic reads
    all of it (separate feature extractors; the critic's MLP as wide and deep as the actor's)."""

    def __init__(self, observation_space, action_space, lr_schedule, actor_size: int, **kwargs):
        object.__setattr__(self, "actor_size", int(actor_size))  # (read while the base class builds the extractors)
        object.__setattr__(self, "_extractors_made", 0)
        kwargs["share_features_extractor"] = False
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def make_features_extractor(self):
        object.__setattr__(self, "_extractors_made", self._extractors_made + 1)
        if self._extractors_made == 1:  # the first is the actor's (the base class builds it first), then the critic's
            return ObservationPart(self.observation_space, self.actor_size)
        return FlattenExtractor(self.observation_space)

    def _build_mlp_extractor(self) -> None:
        super()._build_mlp_extractor()  # the actor's MLP over the observation (features_dim: actor_size)
        arch = self.net_arch.get("vf", []) if isinstance(self.net_arch, dict) else list(self.net_arch)
        layers, last = [], int(self.observation_space.shape[0])
        for width in arch:
            layers += [torch.nn.Linear(last, width), self.activation_fn()]
            last = width
        self.mlp_extractor.value_net = torch.nn.Sequential(*layers).to(self.device)
        self.mlp_extractor.latent_dim_vf = last

    def _get_constructor_parameters(self) -> dict:
        return {**super()._get_constructor_parameters(), "actor_size": self.actor_size}
