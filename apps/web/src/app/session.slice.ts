import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TUser } from '@ferry/contracts';

/**
 * The session as the architecture keeps it: the access token lives only in memory (this slice),
 * the refresh token in the HttpOnly cookie, and a marker in localStorage says a session exists so
 * a reload restores it with `POST /auth/refresh`.
 */
export const SESSION_MARKER = 'ferry.session';

export type SessionStatus = 'unknown' | 'anonymous' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  user: TUser | null;
}

const initialState: SessionState = { status: 'unknown', accessToken: null, user: null };

export function hasSessionMarker(): boolean {
  try {
    return localStorage.getItem(SESSION_MARKER) === '1';
  } catch {
    return false;
  }
}

function setMarker(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_MARKER, '1');
    else localStorage.removeItem(SESSION_MARKER);
  } catch {
    // private mode: the session simply is not restored on reload
  }
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ accessToken: string; user: TUser }>) {
      setMarker(true);
      state.status = 'signedIn';
      state.accessToken = action.payload.accessToken;
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<TUser>) {
      state.user = action.payload;
    },
    signedOut(state) {
      setMarker(false);
      state.status = 'anonymous';
      state.accessToken = null;
      state.user = null;
    },
  },
});

export const { signedIn, signedOut, userUpdated } = sessionSlice.actions;
