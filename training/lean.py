"""A leaner MaskablePPO: the same algorithm, policy and files, with less work around the network.

:class:`LeanMaskablePPO` is sb3-contrib's ``MaskablePPO`` (it subclasses it: the same ``MaskableActorCriticPolicy``,
state dict, optimiser, checkpoints, ``model.zip``, logger keys) with two methods rewritten:

* ``collect_rollouts``: per step one forward pass of the actor and the critic over every game, the masked softmax
  computed directly (no distribution objects), the masks read from the env's own array where the env has one
  (:class:`~hustings.training.batched.BatchedSelfPlayVecEnv`: ``masks``; else ``env_method("action_masks")``), the
  step's data written straight into the rollout buffer's arrays.
* ``train``: per minibatch the same losses as ``MaskablePPO.train`` (normalised advantages, the clipped surrogate,
  the value loss, the entropy bonus of the masked distribution, early stopping on ``target_kl``, gradient clipping),
  computed from the masked log-softmax directly rather than through ``MaskableCategorical``.

Masked actions get the logit ``-1e8``, as ``MaskableCategorical`` gives them; actions are sampled with
``torch.multinomial`` over the masked softmax, as ``Categorical.sample`` does. The update's numbers match
``MaskablePPO.train``'s to float rounding (``tests/training/test_training_lean.py``).
"""
from __future__ import annotations

import numpy as np

HUGE_NEG = -1e8  # the logit of a masked action (sb3_contrib's MaskableCategorical)


def _base():
    from sb3_contrib import MaskablePPO
    return MaskablePPO


class LeanMaskablePPO(_base()):
    """``MaskablePPO`` with a lean rollout loop and update (see the module docstring); same constructor."""

    # --- the network, without distribution objects ----------------------------------------------------------
    def _logits_values(self, obs):
        """The actor's logits and the critic's values (flat) of a batch of observations (a float tensor)."""
        pol = self.policy
        features = pol.extract_features(obs)
        if pol.share_features_extractor:
            latent_pi, latent_vf = pol.mlp_extractor(features)
        else:
            latent_pi = pol.mlp_extractor.forward_actor(features[0])
            latent_vf = pol.mlp_extractor.forward_critic(features[1])
        return pol.action_net(latent_pi), pol.value_net(latent_vf).flatten()

    @staticmethod
    def _masked_log_softmax(logits, masks):
        import torch as th

        return th.log_softmax(logits.masked_fill(~masks, HUGE_NEG), dim=-1)

    # --- rollouts ------------------------------------------------------------------------------------------------
    def collect_rollouts(self, env, callback, rollout_buffer, n_rollout_steps: int, use_masking: bool = True) -> bool:
        import torch as th
        from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

        assert self._last_obs is not None, "No previous observation was provided"
        self.policy.set_training_mode(False)
        rollout_buffer.reset()
        if use_masking and not is_masking_supported(env):
            raise ValueError("Environment does not support action masking. Consider using ActionMasker wrapper")
        own_masks = getattr(env.unwrapped, "masks", None) if use_masking else None
        callback.on_rollout_start()
        buf = rollout_buffer
        n_actions = int(self.action_space.n)
        n_envs = env.num_envs
        n_steps = 0
        new_obs = dones = None
        while n_steps < n_rollout_steps:
            obs = self._last_obs
            if use_masking:
                masks = own_masks.copy() if own_masks is not None else get_action_masks(env)
            else:
                masks = np.ones((n_envs, n_actions), dtype=bool)
            with th.no_grad():
                logits, values = self._logits_values(th.as_tensor(obs).float())
                logp_all = self._masked_log_softmax(logits, th.from_numpy(masks))
                actions = th.multinomial(logp_all.exp(), 1).squeeze(1)
                log_probs = logp_all.gather(1, actions[:, None]).squeeze(1)
            actions_np = actions.numpy()
            new_obs, rewards, dones, infos = env.step(actions_np)
            self.num_timesteps += n_envs
            callback.update_locals(locals())
            if not callback.on_step():
                return False
            self._update_info_buffer(infos, dones)
            if dones.any():  # bootstrap games cut off by a time limit from their last observation's value
                for idx in np.flatnonzero(dones).tolist():
                    info = infos[idx]
                    if info.get("terminal_observation") is not None and info.get("TimeLimit.truncated", False):
                        terminal = self.policy.obs_to_tensor(info["terminal_observation"])[0]
                        with th.no_grad():
                            rewards[idx] += self.gamma * self.policy.predict_values(terminal)[0].item()
            pos = buf.pos
            buf.observations[pos] = obs
            buf.actions[pos] = actions_np.reshape(n_envs, 1)
            buf.rewards[pos] = rewards
            buf.episode_starts[pos] = self._last_episode_starts
            buf.values[pos] = values.numpy()
            buf.log_probs[pos] = log_probs.numpy()
            buf.action_masks[pos] = masks.reshape(n_envs, -1)
            buf.pos += 1
            if buf.pos == buf.buffer_size:
                buf.full = True
            n_steps += 1
            self._last_obs = new_obs
            self._last_episode_starts = dones
        with th.no_grad():
            values = self.policy.predict_values(th.as_tensor(new_obs).float())
        rollout_buffer.compute_returns_and_advantage(last_values=values, dones=dones)
        callback.on_rollout_end()
        return True

    # --- the update -------------------------------------------------------------------------------------------
    def train(self) -> None:
        import torch as th
        import torch.nn.functional as F
        from stable_baselines3.common.utils import explained_variance

        self.policy.set_training_mode(True)
        self._update_learning_rate(self.policy.optimizer)
        clip_range = self.clip_range(self._current_progress_remaining)
        clip_range_vf = None
        if self.clip_range_vf is not None:
            clip_range_vf = self.clip_range_vf(self._current_progress_remaining)
        entropy_losses, pg_losses, value_losses, clip_fractions = [], [], [], []
        approx_kl_divs: list[float] = []
        continue_training = True
        params = list(self.policy.parameters())
        loss = th.zeros(())
        for epoch in range(self.n_epochs):
            approx_kl_divs = []
            for data in self.rollout_buffer.get(self.batch_size):
                actions = data.actions.long().flatten()
                logits, values = self._logits_values(data.observations)
                logp_all = self._masked_log_softmax(logits, data.action_masks.bool())
                log_prob = logp_all.gather(1, actions[:, None]).squeeze(1)
                entropy = -(logp_all.exp() * logp_all).masked_fill(~data.action_masks.bool(), 0.0).sum(-1)
                advantages = data.advantages
                if self.normalize_advantage:
                    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
                log_ratio = log_prob - data.old_log_prob
                ratio = th.exp(log_ratio)
                policy_loss = -th.min(advantages * ratio,
                                      advantages * th.clamp(ratio, 1 - clip_range, 1 + clip_range)).mean()
                if clip_range_vf is None:
                    values_pred = values
                else:
                    values_pred = data.old_values + th.clamp(values - data.old_values, -clip_range_vf, clip_range_vf)
                value_loss = F.mse_loss(data.returns, values_pred)
                entropy_loss = -th.mean(entropy)
                loss = policy_loss + self.ent_coef * entropy_loss + self.vf_coef * value_loss
                with th.no_grad():
                    approx_kl_div = th.mean((ratio - 1) - log_ratio).item()
                    clip_fractions.append(th.mean((th.abs(ratio - 1) > clip_range).float()).item())
                pg_losses.append(policy_loss.item())
                value_losses.append(value_loss.item())
                entropy_losses.append(entropy_loss.item())
                approx_kl_divs.append(approx_kl_div)
                if self.target_kl is not None and approx_kl_div > 1.5 * self.target_kl:
                    continue_training = False
                    if self.verbose >= 1:
                        print(f"Early stopping at step {epoch} due to reaching max kl: {approx_kl_div:.2f}")
                    break
                self.policy.optimizer.zero_grad()
                loss.backward()
                th.nn.utils.clip_grad_norm_(params, self.max_grad_norm)
                self.policy.optimizer.step()
            self._n_updates += 1
            if not continue_training:
                break
        explained_var = explained_variance(self.rollout_buffer.values.flatten(), self.rollout_buffer.returns.flatten())
        self.logger.record("train/entropy_loss", np.mean(entropy_losses))
        self.logger.record("train/policy_gradient_loss", np.mean(pg_losses))
        self.logger.record("train/value_loss", np.mean(value_losses))
        self.logger.record("train/approx_kl", np.mean(approx_kl_divs))
        self.logger.record("train/clip_fraction", np.mean(clip_fractions))
        self.logger.record("train/loss", loss.item())
        self.logger.record("train/explained_variance", explained_var)
        self.logger.record("train/n_updates", self._n_updates, exclude="tensorboard")
        self.logger.record("train/clip_range", clip_range)
        if clip_range_vf is not None:
            self.logger.record("train/clip_range_vf", clip_range_vf)
